import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Carcassonne

ApplicationWindow {
    id: window
    width: 1280
    height: 800
    visible: true
    title: qsTr("Carcassonne Scorer")

    // Set from the command line (gui_main.cpp): the screen to open and what to show on it.
    property string startScreen: ""
    property int startGame: -1
    property int startTurn: -1
    property string startLanguage: "en"
    property bool startSample: false
    property int sampleInterval: 700

    header: RowLayout {
        spacing: 0
        TabBar {
            id: tabs
            Layout.fillWidth: true
            currentIndex: window.startScreen === "history" ? 2
                        : window.startScreen === "game" || window.startSample ? 0 : 1
            TabButton { text: qsTr("Game") }
            TabButton { text: qsTr("Tile catalogues") }
            TabButton { text: qsTr("History") }
        }
        ComboBox { // the language of explanations, rules answers and verdicts
            id: languageBox
            objectName: "language"
            model: [{ code: "en", label: "English" }, { code: "ro", label: "Română" },
                    { code: "nl", label: "Nederlands" }]
            textRole: "label"
            valueRole: "code"
            Component.onCompleted: {
                currentIndex = Math.max(0, indexOfValue(window.startLanguage))
                UiLanguage.setLanguage(currentValue)
            }
            onActivated: {
                UiLanguage.setLanguage(currentValue)
                gameView.language = currentValue
                history.language = currentValue
            }
        }
    }

    StackLayout {
        anchors.fill: parent
        anchors.margins: 16
        currentIndex: tabs.currentIndex

        GameView {
            id: gameView
            language: window.startLanguage
            sampleInterval: window.sampleInterval
            Component.onCompleted: if (window.startSample) controller.startSample(window.sampleInterval)
        }

        ListView {
            objectName: "tileSets"
            model: TileSetModel {}
            delegate: ItemDelegate {
                width: ListView.view.width
                // "&" would become a keyboard mnemonic in a button text.
                text: qsTr("%1 — %2 tiles, %3 kinds").arg(name.replace("&", "&&")).arg(total).arg(kinds)
            }
        }

        HistoryView {
            id: history
            language: window.startLanguage
            Component.onCompleted: {
                if (window.startGame >= 0) gameId = window.startGame
                if (window.startTurn > 0) turn = window.startTurn
            }
        }
    }
}
