// Scoring a game at the table by hand (the camera will feed the same controller): a new-game
// form, then for each turn the tile drawn, where it may go and which piece, as the engine
// allows; the board, the scoreboard and every turn's explanations beside it.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Carcassonne

Item {
    id: root
    property alias controller: game
    property alias language: game.language

    GameController { id: game }

    RowLayout {
        anchors.fill: parent
        spacing: 16

        // Left: the new-game form, or what to do now.
        ColumnLayout {
            Layout.preferredWidth: 340
            Layout.fillHeight: true
            spacing: 8

            Label {
                text: game.running ? game.status : qsTr("New game")
                font.pixelSize: 18
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }

            // The form.
            ColumnLayout {
                visible: !game.running
                Layout.fillWidth: true
                ComboBox {
                    id: setBox
                    Layout.fillWidth: true
                    textRole: "label"
                    valueRole: "set"
                    model: [{ set: "base", label: qsTr("Base game (Winter Edition rules)") },
                            { set: "winter", label: qsTr("Winter Edition (84 tiles)") },
                            { set: "demo", label: qsTr("Print-and-Play Demo") }]
                }
                CheckBox { id: abbeyMayor; text: qsTr("Abbey & Mayor") }
                CheckBox {
                    id: farmers
                    text: qsTr("Farmers")
                    checked: setBox.currentValue !== "demo"
                }
                CheckBox { id: holeExtra; text: qsTr("House rule: filling a hole plays again") }
                SpinBox { id: playerCount; from: 2; to: 6; value: 3 }
                Repeater {
                    id: playerRows
                    model: playerCount.value
                    delegate: RowLayout {
                        property alias name: nameField.text
                        property alias colour: colourBox.currentText
                        TextField {
                            id: nameField
                            placeholderText: qsTr("Player %1").arg(index + 1)
                            Layout.fillWidth: true
                        }
                        ComboBox {
                            id: colourBox
                            model: ["red", "blue", "green", "yellow", "black", "grey", "pink", "purple"]
                            currentIndex: index
                        }
                    }
                }
                Button {
                    text: qsTr("Start")
                    onClicked: {
                        let names = [], colours = []
                        for (let i = 0; i < playerRows.count; ++i) {
                            names.push(playerRows.itemAt(i).name)
                            colours.push(playerRows.itemAt(i).colour)
                        }
                        game.newGame(setBox.currentValue, abbeyMayor.checked, names, colours,
                                     { farmers: farmers.checked, holeExtraTurn: holeExtra.checked })
                    }
                }
            }

            // The turn.
            ComboBox {
                id: kindBox
                objectName: "kindBox"
                visible: game.running && game.drawable.length > 0
                Layout.fillWidth: true
                model: game.drawable
                textRole: "label"
                valueRole: "kind"
                displayText: currentIndex < 0 ? qsTr("Which tile was drawn?") : currentText
                currentIndex: -1
                onActivated: game.chooseKind(currentValue)
                Connections {
                    target: game
                    function onStateChanged() { kindBox.currentIndex = -1 }
                }
            }
            ListView {
                objectName: "options"
                Layout.fillWidth: true
                Layout.fillHeight: true
                clip: true
                model: game.options
                delegate: ItemDelegate {
                    width: ListView.view.width
                    text: modelData.label
                    onClicked: game.play(modelData.action)
                }
            }
            Label {
                visible: game.alert !== ""
                text: game.alert
                color: "firebrick"
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            Button {
                visible: game.running
                text: qsTr("End the game now (final scoring)")
                onClicked: game.endGame()
            }
        }

        // Middle: the board as the engine sees it.
        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            Label {
                text: game.board
                font.family: "DejaVu Sans Mono"
                font.pixelSize: 10
            }
        }

        // Right: the scoreboard and the turns with their explanations.
        ColumnLayout {
            Layout.preferredWidth: 380
            Layout.fillHeight: true
            Repeater {
                model: game.scoreboard
                delegate: Label {
                    Layout.fillWidth: true
                    text: (current ? "▶ " : "") + qsTr("<b>%1</b> (%2): %3 points, %4 followers left")
                          .arg(name).arg(colour).arg(score).arg(followers)
                          + (specials ? "<br>" + specials : "")
                }
            }
            ListView {
                id: logView
                objectName: "turnLog"
                Layout.fillWidth: true
                Layout.fillHeight: true
                clip: true
                spacing: 6
                model: game.log
                onCountChanged: positionViewAtEnd()
                delegate: Label {
                    width: ListView.view.width
                    wrapMode: Text.Wrap
                    text: qsTr("<b>%1. %2</b> %3").arg(seq).arg(player).arg(actions)
                          + (explanations.length ? "<br>" + explanations.join("<br>") : "")
                }
            }
        }
    }
}
