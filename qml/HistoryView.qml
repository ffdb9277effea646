// The game history: stored games on the left; on the right the chosen game turn by turn,
// replayed by the engine (board, scores, and each score's explanation in the chosen language).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Carcassonne

Item {
    id: root
    property alias gameId: replay.gameId
    property alias turn: turnSlider.value
    property alias language: replay.language

    GameListModel { id: games }
    PlayerStatsModel { id: stats }
    GameReplayModel { id: replay }

    RowLayout {
        anchors.fill: parent
        spacing: 16

        ColumnLayout {
            Layout.preferredWidth: 360
            Layout.fillHeight: true
            Label {
                text: qsTr("%n game(s) played", "", games.count)
                font.pixelSize: 18
            }
            Label {
                visible: games.error !== ""
                text: games.error
                color: "firebrick"
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            ListView {
                id: gameList
                objectName: "games"
                Layout.fillWidth: true
                Layout.fillHeight: true
                clip: true
                model: games
                delegate: ItemDelegate {
                    width: ListView.view.width
                    highlighted: replay.gameId === gameId
                    onClicked: replay.gameId = gameId
                    contentItem: ColumnLayout {
                        spacing: 2
                        Label {
                            text: qsTr("%1 · %2 · %3 turns").arg(started).arg(sets).arg(turns)
                            font.bold: true
                        }
                        Label {
                            text: players + (finished ? "" : qsTr("  (in progress)"))
                            elide: Text.ElideRight
                            Layout.fillWidth: true
                        }
                    }
                }
            }
            Label {
                text: qsTr("Players")
                font.pixelSize: 18
                visible: stats.count > 0
            }
            Repeater {
                model: stats
                delegate: Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: qsTr("<b>%1</b>: %2 games, %3 won, average %4, best %5<br>"
                               + "roads %6 · cities %7 · cloisters %8 · farms %9<br>"
                               + "longest road %10 tiles, biggest city %11 tiles")
                          .arg(name).arg(games).arg(wins).arg(average.toFixed(1)).arg(best)
                          .arg(roadPoints).arg(cityPoints).arg(cloisterPoints).arg(fieldPoints)
                          .arg(longestRoad).arg(biggestCity)
                }
            }
            Button {
                text: qsTr("Reload")
                onClicked: {
                    games.reload()
                    stats.reload()
                }
            }
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 8

            RowLayout {
                Layout.fillWidth: true
                Label {
                    text: replay.count > 0 ? replay.title : qsTr("Choose a game")
                    font.pixelSize: 18
                    Layout.fillWidth: true
                }
                ComboBox {
                    id: languageBox
                    model: ["en", "ro", "nl"]
                    currentIndex: Math.max(0, model.indexOf(replay.language))
                    onActivated: replay.language = currentText
                }
            }
            Label {
                visible: replay.error !== ""
                text: replay.error
                color: "firebrick"
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            RowLayout {
                visible: replay.count > 0
                Layout.fillWidth: true
                Label { text: qsTr("Turn %1 of %2").arg(turnSlider.value).arg(replay.count) }
                Slider {
                    id: turnSlider
                    objectName: "turnSlider"
                    Layout.fillWidth: true
                    from: 1
                    to: Math.max(1, replay.count)
                    stepSize: 1
                    snapMode: Slider.SnapAlways
                    value: replay.count
                }
            }
            // The turn on show: the repeater holds only the slider's row.
            Repeater {
                model: replay
                delegate: GridLayout {
                    visible: seq === turnSlider.value
                    columns: 2
                    columnSpacing: 16
                    Layout.fillWidth: true
                    Layout.fillHeight: visible
                    Layout.preferredHeight: visible ? -1 : 0
                    Loader { // the board after this turn, as the engine replayed it
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.rowSpan: 3
                        active: seq === turnSlider.value // only the turn on show is drawn
                        sourceComponent: BoardView {
                            objectName: "historyBoard"
                            tiles: view.tiles
                            pieces: view.pieces
                            bounds: view.bounds
                        }
                    }
                    Label {
                        text: qsTr("%1 played %2").arg(player).arg(action)
                        font.bold: true
                        Layout.preferredWidth: 320
                        wrapMode: Text.Wrap
                    }
                    ColumnLayout {
                        Layout.preferredWidth: 320
                        Image { // what the camera saw of this turn, when it was followed by camera
                            objectName: "thumbnail"
                            visible: thumbnail !== ""
                            source: thumbnail
                            Layout.preferredWidth: 320
                            Layout.preferredHeight: visible ? 180 : 0
                            fillMode: Image.PreserveAspectFit
                        }
                        Repeater {
                            model: replay.players
                            Label { text: qsTr("%1: %2").arg(modelData).arg(scores[index]) }
                        }
                    }
                    ScrollView {
                        Layout.preferredWidth: 320
                        Layout.fillHeight: true
                        clip: true
                        Label {
                            width: 300
                            wrapMode: Text.Wrap
                            text: explanations.length ? explanations.join("\n\n")
                                                      : qsTr("No score this turn.")
                        }
                    }
                }
            }
            Item { Layout.fillHeight: replay.count === 0 }
        }
    }
}
