// The game screen as players use it: the sample game played to its end in the real GameView
// (board, scoreboard, final scoring shown), a dispute from a click on the board, a rules
// question, a manual game with a refused and a taken-back turn, and the language switch.
import QtQuick
import QtTest
import Carcassonne

Item {
    id: root
    width: 1280
    height: 800

    GameView {
        id: view
        anchors.fill: parent
        sampleInterval: 0
    }

    SignalSpy { id: finished; target: view.controller; signalName: "sampleFinished" }

    TestCase {
        name: "GameView"
        when: windowShown

        function findByName(item, name) {
            if (item.objectName === name) return item
            for (let i = 0; i < item.children.length; ++i) {
                const found = findByName(item.children[i], name)
                if (found) return found
            }
            return null
        }

        // The new-game form: a set of tile pictures enrolled (off the UI thread, with its
        // progress), kept, and chosen for the camera.
        function test_0_enrolTilePictures() {
            const box = findByName(view, "tileArtBox")
            verify(box !== null && box.visible)
            compare(box.count, 1) // our drawn tiles
            findByName(view, "enrolFolder").text = tilePictures
            findByName(view, "enrolName").text = "Autumn"
            mouseClick(findByName(view, "enrol"))
            tryVerify(() => box.count === 2, 30000,
                      "the set is kept: " + findByName(view, "enrolStatus").text)
            verify(box.currentText.indexOf("Autumn") === 0, box.currentText)
            verify(box.currentValue.endsWith("Autumn.refs"), box.currentValue)
            const status = findByName(view, "enrolStatus")
            verify(status.text.indexOf("24 pictures of 24 tile kinds") > 0, status.text)
            wait(200)
            const shot = grabImage(view)
            const ok = shot.save(screenshotDir + "/new-game.png")
            verify(ok === undefined || ok, "saved to " + screenshotDir)
            box.currentIndex = 0 // the photos below are of our drawn tiles
        }

        function test_1_sampleGameToTheEnd() {
            const game = view.controller
            verify(game.startSample(0))
            finished.wait(240000) // the camera reads ~200 photos (slow under sanitizers)
            verify(game.finished)
            compare(game.alert, "")
            // The scoreboard rows show each player's score; the final scoring is on screen.
            compare(game.scoreboard.rowCount(), 3)
            const finalLabel = findByName(view, "finalScoring")
            verify(finalLabel !== null && finalLabel.visible)
            verify(finalLabel.text.indexOf("Final scoring") >= 0)
            const table = game.pointsByFeature
            compare(table.length, 3)
            let winners = 0
            for (let r of table) {
                compare(r.roads + r.cities + r.cloisters + r.farms, r.total)
                if (r.winner) ++winners
            }
            verify(winners >= 1)
            // The board shows one image per tile placed.
            verify(game.tiles.length > 70)
        }

        function test_2_disputeFromAClickOnTheBoard() {
            const game = view.controller
            const board = findByName(view, "board")
            verify(board !== null)
            // Click the centre of the start tile (board cell 0,0).
            const x = board.px(0) + board.cell / 2 - board.contentX
            const y = board.py(0) + board.cell / 2 - board.contentY
            mouseClick(board, x, y)
            verify(game.dispute.title !== undefined, "a feature was selected")
            verify(game.dispute.holders.length > 0)
            const panel = findByName(view, "dispute")
            verify(panel.visible)
            game.selectFeature(-1, 0, 0)
            verify(!panel.visible)
        }

        function test_3_rulesQuestion() {
            const answers = view.controller.searchRules("farmer on a road")
            verify(answers.length > 0)
            verify(answers[0].title.length > 0)
        }

        function test_4_manualGameRefusalAndCorrection() {
            const game = view.controller
            verify(game.newGame("base", false, ["Ana", "Bram"], ["red", "blue"], {}))
            verify(!game.finished)
            verify(!game.play("D@7,7r0"))
            verify(game.alert.length > 0, "a refusal explains itself")
            verify(game.play("D@1,0r0"))
            compare(game.alert, "")
            compare(game.log.count, 1)
            verify(game.options.length > 1, "pieces are offered for the new tile")
            verify(game.undoLastTurn())
            compare(game.log.count, 0)
            compare(game.tiles.length, 1)
        }

        function test_6_cameraPhotos() {
            const game = view.controller
            verify(game.newGame("base", false, ["Ana", "Bram"], ["red", "blue"], {}))
            for (const t of handTiles) {
                verify(game.play(t), t + ": " + game.alert)
                verify(game.play("pass"))
            }
            verify(game.followPhotos(photoFolder), game.alert)
            let read = 0, answered = 0, questionShot = false, tookBack = false
            // The camera reads on while it can, so it may play several photos' turns before this
            // loop looks again: which photo a question is about is told by the tiles played.
            const first = game.tiles.length
            while (game.tiles.length < first + photoTiles.length) {
                // The camera plays whole turns (the tile, and no piece: the photos show none),
                // or raises an alert.
                const before = game.tiles.length
                tryVerify(() => game.alert !== ""
                                || (game.tiles.length > before && game.options.length === 0),
                          60000, "a photo after tile " + before + " read")
                if (game.alert === "") {
                    read += game.tiles.length - before
                    continue
                }
                // A discrepancy about photo k: its tile is on the table (pieces offered for it)
                // when only its piece was in question. The players enter the turn by hand; the
                // next photo follows.
                const k = game.tiles.length - first - (game.options.length > 0 ? 1 : 0)
                read += first + k - before
                console.log("photo " + (k + 1) + ": " + game.alert)
                // The photos show no piece: "no piece", when offered, is one click (not
                // on the last photo: its question stays on screen for the screenshot).
                const answers = findByName(view, "cameraChoices")
                if (answers.visible && !questionShot) { // look at it: the question's answers
                    findByName(view, "cameraView").parent.currentIndex = 1 // and the photo
                    wait(300)
                    const q = grabImage(view)
                    const ok = q.save(screenshotDir + "/question.png")
                    verify(ok === undefined || ok, "saved to " + screenshotDir)
                    questionShot = true
                }
                const last = k === photoTiles.length - 1
                // A tile played as read may be what is wrong: on the first question that
                // offers it, its last answer takes the tile back, and the players enter the
                // turn by hand (whichever photo asks: better reading asks less).
                for (let c = 0; c < answers.children.length && !tookBack && !last; ++c) {
                    const b = answers.children[c]
                    if (b.text !== undefined && b.visible && b.text.startsWith("The tile is not")) {
                        mouseClick(b)
                        tookBack = true
                        compare(game.tiles.length, first + k, "the tile is taken back")
                        verify(game.alert.startsWith("Turn taken back"), game.alert)
                    }
                }
                let clicked = false
                for (let c = 0; c < answers.children.length && !clicked && !last
                                && game.tiles.length > first + k; ++c) {
                    const b = answers.children[c]
                    if (b.text !== undefined && b.visible && b.text.endsWith("no piece")) {
                        mouseClick(b)
                        clicked = true
                    }
                }
                if (clicked) {
                    compare(game.alert, "", "the answer settles the turn")
                    ++answered
                    continue
                }
                if (game.tiles.length === first + k)
                    verify(game.play(photoTiles[k]), game.alert)
                if (last) break // keep the last reading on screen
                verify(game.play("pass"))
            }
            tryVerify(() => !game.camera.busy, 60000, "the camera is idle")
            verify(read >= 1, "no photo read")
            console.log(read + " photos read, " + answered + " questions answered in one click")
            verify(tookBack, "a tile played as read was taken back from its question")
            compare(game.tiles.length, 15 + photoTiles.length)
            verify(game.camera.cells.length > 14)
            // Look at it: the photo with the recognised grid over it.
            findByName(view, "cameraView").parent.currentIndex = 1
            wait(300)
            const shot = grabImage(view)
            verify(shot.width > 100, "grabbed " + shot.width)
            const saved = shot.save(screenshotDir + "/camera.png")
            verify(saved === undefined || saved, "saved to " + screenshotDir)
        }

        function test_5_languageSwitch() {
            const game = view.controller
            verify(game.startSample(0))
            finished.wait(240000) // the camera reads ~200 photos (slow under sanitizers)
            const english = game.finalScoring.join(" ")
            view.language = "ro"
            const romanian = game.finalScoring.join(" ")
            verify(english !== romanian)
            verify(romanian.indexOf("Reguli aplicate") >= 0, romanian.substring(0, 200))
            view.language = "en"
        }
    }
}
