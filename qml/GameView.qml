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
    property int sampleInterval: 700

    GameController { id: game; objectName: "gameController" }

    // A rule switch whose long label wraps within the form's width.
    component RuleCheck: CheckBox {
        id: check
        Layout.fillWidth: true
        contentItem: Label {
            text: check.text
            wrapMode: Text.Wrap
            leftPadding: check.indicator.width + check.spacing
            verticalAlignment: Text.AlignVCenter
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 16

        // Left: the new-game form, or what to do now.
        ColumnLayout {
            Layout.preferredWidth: 340
            Layout.maximumWidth: 340
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
                RuleCheck {
                    id: tinyCity
                    text: qsTr("Edition rule: a completed city of two tiles scores 1 point a tile")
                }
                RuleCheck { id: holeExtra; text: qsTr("House rule: filling a hole plays again") }
                RuleCheck {
                    id: unfinishedNothing
                    text: qsTr("House rule: unfinished roads, cities and cloisters score nothing")
                }
                RuleCheck {
                    id: wagonFirstEdition
                    visible: abbeyMayor.checked
                    text: qsTr("Wagon moves along its feature's roads and cities (first edition)")
                }
                RuleCheck {
                    id: barnOnBarn
                    visible: abbeyMayor.checked
                    text: qsTr("A barn may join a farm that has one")
                }
                SpinBox { id: playerCount; from: 2; to: 6; value: 3 }
                Repeater {
                    id: playerRows
                    model: playerCount.value
                    delegate: RowLayout {
                        property alias name: nameField.text
                        property string colour: colourBox.currentValue
                        TextField {
                            id: nameField
                            placeholderText: qsTr("Player %1").arg(index + 1)
                            Layout.fillWidth: true
                        }
                        ComboBox {
                            id: colourBox
                            // Values are colour names the board draws with; labels are translated.
                            model: [{ value: "red", label: qsTr("red") }, { value: "blue", label: qsTr("blue") },
                                    { value: "green", label: qsTr("green") }, { value: "yellow", label: qsTr("yellow") },
                                    { value: "black", label: qsTr("black") }, { value: "grey", label: qsTr("grey") },
                                    { value: "pink", label: qsTr("pink") }, { value: "purple", label: qsTr("purple") }]
                            textRole: "label"
                            valueRole: "value"
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
                                     { farmers: farmers.checked, holeExtraTurn: holeExtra.checked,
                                       tinyCity: tinyCity.checked,
                                       unfinishedScoreNothing: unfinishedNothing.checked,
                                       wagonMoveFirstEdition: wagonFirstEdition.checked,
                                       barnOnFarmWithBarn: barnOnBarn.checked })
                    }
                }
                Button {
                    text: qsTr("Watch the sample game")
                    onClicked: game.startSample(root.sampleInterval)
                }
            }

            ProgressBar {
                visible: game.samplePlaying
                value: game.sampleProgress
                Layout.fillWidth: true
            }

            // How the tiles look to the camera: our drawn tiles, or a set enrolled from pictures
            // of an edition's tiles (kept for every later game). Chosen before the camera starts.
            TileArtModel { id: tileArt; objectName: "tileArt" }
            ColumnLayout {
                objectName: "tileArtPanel"
                visible: !game.samplePlaying && !game.finished && !game.camera.active
                Layout.fillWidth: true
                Label { text: qsTr("Tile pictures the camera learns from") }
                ComboBox {
                    id: tileArtBox
                    objectName: "tileArtBox"
                    Layout.fillWidth: true
                    model: tileArt
                    textRole: "label"
                    valueRole: "path"
                    currentIndex: tileArt.chosen // the set chosen last, or the one just enrolled
                    onActivated: tileArt.chosen = currentIndex
                }
                RowLayout {
                    Layout.fillWidth: true
                    TextField {
                        id: enrolFolder
                        objectName: "enrolFolder"
                        placeholderText: qsTr("Folder of tile pictures, one per kind")
                        Layout.fillWidth: true
                    }
                    TextField {
                        id: enrolName
                        objectName: "enrolName"
                        placeholderText: qsTr("Name")
                        Layout.preferredWidth: 80
                    }
                    Button {
                        objectName: "enrol"
                        text: qsTr("Enrol")
                        enabled: !tileArt.busy
                        onClicked: tileArt.enrol(enrolFolder.text, enrolName.text)
                    }
                }
                ProgressBar {
                    visible: tileArt.busy
                    value: tileArt.progress
                    Layout.fillWidth: true
                }
                Label {
                    objectName: "enrolStatus"
                    visible: tileArt.status !== ""
                    text: tileArt.status
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
            }

            // The end: the final scoring, feature by feature.
            ScrollView {
                id: finalView
                visible: game.finished
                Layout.fillWidth: true
                Layout.fillHeight: true
                clip: true
                ColumnLayout {
                    width: finalView.availableWidth
                    // The whole game's points by feature type, the winner marked.
                    GridLayout {
                        objectName: "pointsByFeature"
                        columns: 6
                        columnSpacing: 10
                        Repeater {
                            model: [qsTr("Player"), qsTr("Roads"), qsTr("Cities"), qsTr("Cloisters"),
                                    qsTr("Farms"), qsTr("Total")]
                            Label { required property var modelData; text: "<b>" + modelData + "</b>" }
                        }
                        Repeater {
                            model: game.finished ? game.pointsByFeature : []
                            delegate: Repeater {
                                required property var modelData
                                readonly property var row: modelData
                                model: [(row.winner ? "★ " : "") + row.name, row.roads, row.cities,
                                        row.cloisters, row.farms, "<b>" + row.total + "</b>"]
                                Label { required property var modelData; text: modelData }
                            }
                        }
                    }
                    Label {
                        objectName: "finalScoring"
                        Layout.fillWidth: true
                        Layout.topMargin: 8
                        text: "<b>" + qsTr("Final scoring") + "</b><br>" + game.finalScoring.join("<br><br>")
                        textFormat: Text.StyledText
                        wrapMode: Text.Wrap
                    }
                }
            }

            // The turn.
            ComboBox {
                id: kindBox
                objectName: "kindBox"
                visible: game.running && game.drawable.length > 0
                enabled: !game.samplePlaying
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
                visible: !game.finished
                enabled: !game.samplePlaying
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
            // The answers the camera's question allows: one click settles the turn.
            Flow {
                objectName: "cameraChoices"
                visible: game.cameraChoices.length > 0
                Layout.fillWidth: true
                spacing: 6
                Repeater {
                    model: game.cameraChoices
                    delegate: Button {
                        text: modelData.label
                        onClicked: game.acceptCameraChoice(index)
                    }
                }
            }
            // The camera: a folder of photos taken turn by turn, or a video file.
            RowLayout {
                visible: game.running && !game.finished && !game.samplePlaying
                Layout.fillWidth: true
                TextField {
                    id: photoFolder
                    objectName: "photoFolder"
                    placeholderText: qsTr("Folder of photos (one per turn) or a video file")
                    Layout.fillWidth: true
                    onAccepted: game.followPhotos(text, tileArtBox.currentValue)
                }
                Button {
                    text: qsTr("Follow")
                    onClicked: {
                        game.followPhotos(photoFolder.text, tileArtBox.currentValue)
                        middleTabs.currentIndex = 1
                    }
                }
            }
            Button { // a live camera over the table (shown only when one is attached)
                objectName: "followCamera"
                visible: game.running && !game.finished && !game.samplePlaying
                         && game.cameraAttached
                text: qsTr("Follow the live camera")
                onClicked: {
                    game.followCamera(tileArtBox.currentValue)
                    middleTabs.currentIndex = 1
                }
            }
            Button {
                objectName: "undo"
                visible: game.running && !game.finished && game.log.count > 0
                enabled: !game.samplePlaying
                text: qsTr("Take back the last turn (correction)")
                onClicked: game.undoLastTurn()
            }
            Button {
                visible: game.running && !game.finished
                enabled: !game.samplePlaying
                text: qsTr("End the game now (final scoring)")
                onClicked: game.endGame()
            }
        }

        // Middle: the board as the engine sees it, the feature under dispute, rules questions.
        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 8

            TabBar {
                id: middleTabs
                visible: game.camera.active
                Layout.fillWidth: true
                TabButton { text: qsTr("Board") }
                TabButton { text: qsTr("Camera") }
            }
            StackLayout {
                currentIndex: game.camera.active ? middleTabs.currentIndex : 0
                Layout.fillWidth: true
                Layout.fillHeight: true
                BoardView {
                    objectName: "board"
                    tiles: game.tiles
                    pieces: game.pieces
                    bounds: game.bounds
                    disputed: game.dispute.tiles || []
                    showLast: !game.finished
                    onTileClicked: (index, u, v) => game.selectFeature(index, u, v)
                    onPieceClicked: (index) => game.selectPiece(index)
                }
                CameraView {
                    objectName: "cameraView"
                    camera: game.camera
                }
            }

            Frame {
                objectName: "dispute"
                visible: game.dispute.title !== undefined
                Layout.fillWidth: true
                ColumnLayout {
                    anchors.fill: parent
                    RowLayout {
                        Layout.fillWidth: true
                        Label {
                            text: "<b>" + game.dispute.title + "</b> — " + game.dispute.holders
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                        ToolButton { text: "✕"; onClicked: game.selectFeature(-1, 0, 0) }
                    }
                    Label {
                        text: qsTr("If the game ended now: %1").arg(game.dispute.atEnd)
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: qsTr("Completed as it stands: %1").arg(game.dispute.completed)
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                        visible: game.dispute.atEnd !== game.dispute.completed
                    }
                }
            }

            RowLayout {
                Layout.fillWidth: true
                TextField {
                    id: question
                    objectName: "question"
                    placeholderText: qsTr("Ask a rules question, e.g. can I put a farmer on a road?")
                    Layout.fillWidth: true
                    onAccepted: answers.model = game.searchRules(text)
                }
                Button { text: qsTr("Ask"); onClicked: answers.model = game.searchRules(question.text) }
            }
            ListView {
                id: answers
                objectName: "answers"
                visible: count > 0
                Layout.fillWidth: true
                Layout.preferredHeight: Math.min(contentHeight, 180)
                clip: true
                spacing: 4
                delegate: Label {
                    required property var modelData
                    width: ListView.view.width
                    wrapMode: Text.Wrap
                    text: "<b>" + modelData.title + "</b> <i>(" + modelData.kind + ")</i><br>" + modelData.body
                }
            }
        }

        // Right: the scoreboard and the turns with their explanations.
        ColumnLayout {
            Layout.preferredWidth: 380
            Layout.maximumWidth: 380
            Layout.fillHeight: true
            // The camera's calibration: each player shows it their pieces before the first turn
            // (a live camera), or a folder's calibration pictures did; what it said.
            ColumnLayout {
                objectName: "calibration"
                visible: game.camera.active
                         && (game.camera.calibrating || game.camera.calibrationNote !== "")
                Layout.fillWidth: true
                Label {
                    text: game.camera.calibrationNote
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                RowLayout {
                    visible: game.camera.calibrating
                    Button {
                        objectName: "bareTable"
                        text: qsTr("Table without pieces")
                        onClicked: game.camera.capturePlayerColour(-1)
                    }
                    Button {
                        text: qsTr("Done")
                        onClicked: game.camera.finishCalibration()
                    }
                }
            }
            Repeater {
                model: game.scoreboard
                delegate: RowLayout {
                    Layout.fillWidth: true
                    Rectangle { // the player's colour, as their pieces on the board
                        width: 14; height: 14; radius: 7
                        color: colour
                        border.color: "black"
                        Layout.alignment: Qt.AlignTop
                    }
                    Rectangle { // their pieces' colour as the camera knows it (calibrated or learned)
                        objectName: "cameraColour" + index
                        visible: game.camera.active
                        width: 14; height: 14
                        color: game.camera.playerColours[index] || "transparent"
                        border.color: "grey"
                        Layout.alignment: Qt.AlignTop
                    }
                    Button {
                        objectName: "showPieces" + index
                        visible: game.camera.calibrating
                        text: qsTr("Their pieces")
                        onClicked: game.camera.capturePlayerColour(index)
                    }
                    Label {
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        text: (current ? "▶ " : "") + qsTr("<b>%1</b>: %2 points, %3 followers left")
                              .arg(name).arg(score).arg(followers)
                              + (specials ? "<br>" + specials : "")
                    }
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
                          + (note ? "<br><i>" + note.replace(/&/g, "&amp;").replace(/</g, "&lt;")
                                    + "</i>" : "")
                          + (explanations.length ? "<br>" + explanations.join("<br>") : "")
                }
            }
        }
    }
}
