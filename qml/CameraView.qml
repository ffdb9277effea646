// The camera's picture with what vision recognised drawn over it: each cell's outline (green:
// a tile it is sure of, orange: uncertain, grey: occluded) and the tile id it read.
import QtQuick
import QtQuick.Controls

Item {
    id: view
    required property var camera
    clip: true

    Image {
        id: picture
        anchors.fill: parent
        fillMode: Image.PreserveAspectFit
        source: view.camera.image
        asynchronous: true
    }

    Canvas {
        id: overlay
        anchors.fill: parent
        readonly property real scale: view.camera.imageWidth > 0
                                      ? picture.paintedWidth / view.camera.imageWidth : 1
        readonly property real dx: (width - picture.paintedWidth) / 2
        readonly property real dy: (height - picture.paintedHeight) / 2
        onPaint: {
            const ctx = getContext("2d")
            ctx.reset()
            ctx.lineWidth = 2
            ctx.font = "bold 11px sans-serif"
            for (const c of view.camera.cells) {
                const p = c.points
                ctx.strokeStyle = c.status === "tile" ? "#40ff40"
                                : c.status === "uncertain" ? "orange" : "grey"
                ctx.beginPath()
                for (let i = 0; i < 4; ++i) {
                    const x = dx + p[2 * i] * scale, y = dy + p[2 * i + 1] * scale
                    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y)
                }
                ctx.closePath()
                ctx.stroke()
                ctx.fillStyle = "white"
                ctx.fillText(c.label, dx + (p[0] + p[4]) / 2 * scale - 6, dy + (p[1] + p[5]) / 2 * scale + 4)
            }
            // The pieces seen on the new tile: a ring in their colour where each stands.
            for (const m of view.camera.pieces) {
                ctx.beginPath()
                ctx.arc(dx + m.x * scale, dy + m.y * scale, 7, 0, 2 * Math.PI)
                ctx.fillStyle = m.colour
                ctx.fill()
                ctx.strokeStyle = "white"
                ctx.stroke()
            }
        }
        Connections {
            target: view.camera
            function onChanged() { overlay.requestPaint() }
        }
        onWidthChanged: requestPaint()
        onHeightChanged: requestPaint()
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: view.camera.busy
    }
    Label {
        anchors.left: parent.left
        anchors.bottom: parent.bottom
        anchors.margins: 6
        text: view.camera.status
        color: "white"
        style: Text.Outline
        styleColor: "black"
    }
}
