// A board as the engine has it (app/src/board_qml.h), drawn with our procedural tile faces
// (image://tiles), the pieces on it in their players' colours, and the tiles of a disputed
// feature outlined. Clicks are reported: a tile with the point in it (0..1 from its north-west
// corner, as drawn), or a piece. The game screen and the history screen both use it.
import QtQuick
import QtQuick.Controls

Flickable {
    id: view
    property var tiles: []
    property var pieces: []
    property var bounds: ({ minX: 0, maxX: 0, minY: 0, maxY: 0 })
    property var disputed: []
    property bool showLast: true // outline the tile just placed
    signal tileClicked(int index, real u, real v)
    signal pieceClicked(int index)
    clip: true

    readonly property var b: bounds
    readonly property int cols: b.maxX - b.minX + 1
    readonly property int rows: b.maxY - b.minY + 1
    // Fit the board when it is small; scroll when a tile would be smaller than 28 pixels.
    readonly property real cell: Math.max(28, Math.min(110, Math.min(width / (cols + 1), height / (rows + 1))))

    contentWidth: Math.max(width, (cols + 1) * cell)
    contentHeight: Math.max(height, (rows + 1) * cell)
    ScrollBar.vertical: ScrollBar {}
    ScrollBar.horizontal: ScrollBar {}

    // Board cell (x east, y north) to content pixels; the board is centred.
    readonly property real originX: (contentWidth - cols * cell) / 2
    readonly property real originY: (contentHeight - rows * cell) / 2
    function px(x) { return originX + (x - b.minX) * cell }
    function py(y) { return originY + (b.maxY - y) * cell } // y north: larger y is higher up

    Repeater {
        model: view.tiles
        delegate: Image {
            required property var modelData
            x: view.px(modelData.x)
            y: view.py(modelData.y)
            width: view.cell
            height: view.cell
            sourceSize: Qt.size(96, 96)
            source: "image://tiles/" + modelData.id
            rotation: modelData.rotation
            smooth: true
            Rectangle { // the tile just placed
                anchors.fill: parent
                color: "transparent"
                border.color: "gold"
                border.width: 3
                visible: modelData.last && view.showLast
            }
            MouseArea {
                anchors.fill: parent
                // The point in board orientation: undo the image's rotation.
                onClicked: (mouse) => {
                    const p = parent.mapToItem(view.contentItem, mouse.x, mouse.y)
                    view.tileClicked(modelData.index, (p.x - parent.x) / view.cell,
                                     (p.y - parent.y) / view.cell)
                }
            }
        }
    }

    Repeater { // the disputed feature's tiles
        model: view.disputed
        delegate: Rectangle {
            required property var modelData
            x: view.px(modelData.x)
            y: view.py(modelData.y)
            width: view.cell
            height: view.cell
            color: "#33ffffff"
            border.color: "white"
            border.width: 2
        }
    }

    Repeater {
        model: view.pieces
        delegate: Rectangle {
            required property var modelData
            required property int index
            readonly property real size: view.cell * 0.26
            width: modelData.farmer ? size * 1.5 : size
            height: modelData.farmer ? size * 0.7 : size
            radius: modelData.kind === "barn" ? 2 : height / 2
            x: view.originX + (modelData.x - view.b.minX) * view.cell - width / 2
            y: view.originY + (view.b.maxY + 1 - modelData.y) * view.cell - height / 2
            color: modelData.colour
            border.color: modelData.kind === "mayor" ? "gold" : modelData.kind === "wagon" ? "white" : "black"
            border.width: modelData.kind === "follower" ? 1 : 3
            MouseArea {
                anchors.fill: parent
                onClicked: view.pieceClicked(index)
            }
        }
    }
}
