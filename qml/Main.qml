import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Carcassonne

ApplicationWindow {
    id: window
    width: 960
    height: 600
    visible: true
    title: qsTr("Carcassonne Scorer")

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 24
        spacing: 12

        Label {
            text: qsTr("Carcassonne Scorer")
            font.pixelSize: 28
            font.bold: true
        }
        Label {
            text: qsTr("Tile catalogues")
            font.pixelSize: 18
        }
        ListView {
            objectName: "tileSets"
            Layout.fillWidth: true
            Layout.fillHeight: true
            model: TileSetModel {}
            delegate: ItemDelegate {
                width: ListView.view.width
                // "&" would become a keyboard mnemonic in a button text.
                text: qsTr("%1 — %2 tiles, %3 kinds").arg(name.replace("&", "&&")).arg(total).arg(kinds)
            }
        }
    }
}
