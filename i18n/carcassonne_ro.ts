<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ro_RO">
<context>
    <name>CameraFeed</name>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="59"/>
        <source>A video to follow: %n frame(s)</source>
        <translation>
            <numerusform>Un video de urmărit: %n cadru</numerusform>
            <numerusform>Un video de urmărit: %n cadre</numerusform>
            <numerusform>Un video de urmărit: %n de cadre</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="70"/>
        <source>%1: no photos (jpg or png) in this folder</source>
        <translation>%1: nicio fotografie (jpg sau png) în acest dosar</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="73"/>
        <source>%n photo(s) to follow</source>
        <translation>
            <numerusform>%n fotografie de urmărit</numerusform>
            <numerusform>%n fotografii de urmărit</numerusform>
            <numerusform>%n de fotografii de urmărit</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="109"/>
        <source>No temporary folder for the camera&apos;s pictures</source>
        <translation>Niciun dosar temporar pentru imaginile camerei</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="117"/>
        <source>Show the camera the table without pieces, then each player&apos;s pieces (or skip: each colour is then learned from the player&apos;s first piece).</source>
        <translation>Arătați camerei masa fără piese, apoi piesele fiecărui jucător (sau săriți peste: fiecare culoare se învață atunci din prima piesă a jucătorului).</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="119"/>
        <source>Waiting for a still picture from the camera…</source>
        <translation>Se așteaptă o imagine nemișcată de la cameră…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="132"/>
        <source>No camera is attached.</source>
        <translation>Nicio cameră nu este conectată.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="153"/>
        <source>Camera %1: waiting for a still picture…</source>
        <translation>Camera %1: se așteaptă o imagine nemișcată…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="173"/>
        <source>No picture from the camera yet.</source>
        <translation>Încă nicio imagine de la cameră.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="176"/>
        <source>The table without pieces is taken: now each player&apos;s pieces.</source>
        <translation>Masa fără piese a fost preluată: acum piesele fiecărui jucător.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="178"/>
        <source>First show the camera the table without pieces.</source>
        <translation>Arătați întâi camerei masa fără piese.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="187"/>
        <source>Player %1&apos;s colour is learned from %n piece(s).</source>
        <translation>
            <numerusform>Culoarea jucătorului %1 a fost învățată din %n piesă.</numerusform>
            <numerusform>Culoarea jucătorului %1 a fost învățată din %n piese.</numerusform>
            <numerusform>Culoarea jucătorului %1 a fost învățată din %n de piese.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="189"/>
        <source>Player %1&apos;s colour is not learned: %2</source>
        <translation>Culoarea jucătorului %1 nu a fost învățată: %2</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="242"/>
        <source>Reading the camera&apos;s picture…</source>
        <translation>Se citește imaginea camerei…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="245"/>
        <source>Waiting for a still picture in the video…</source>
        <translation>Se așteaptă o imagine nemișcată în video…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="250"/>
        <source>Reading photo %1 of %2…</source>
        <translation>Se citește fotografia %1 din %2…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="251"/>
        <source>Learning the tiles&apos; look, then reading photo %1…</source>
        <translation>Se învață aspectul cartonașelor, apoi se citește fotografia %1…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="322"/>
        <source>The video has ended</source>
        <translation>Video-ul s-a terminat</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="360"/>
        <source>Photo %1 of %2 read in %3 ms</source>
        <translation>Fotografia %1 din %2 citită în %3 ms</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="120"/>
        <source>Player %1</source>
        <translation>Jucătorul %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="172"/>
        <source>road</source>
        <translation>drum</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="173"/>
        <source>city</source>
        <translation>oraș</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="174"/>
        <source>farm</source>
        <translation>câmp</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="175"/>
        <source>cloister</source>
        <translation>mănăstire</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="176"/>
        <source>abbey</source>
        <translation>abație</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="185"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="192"/>
        <source>at (%1,%2), turned %3°</source>
        <translation>la (%1,%2), rotit %3°</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="196"/>
        <source>it fits nowhere: remove it and draw again</source>
        <translation>nu se potrivește nicăieri: scoate-l și trage altul</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="197"/>
        <source>no piece</source>
        <translation>fără pion</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="198"/>
        <source>the wagon goes back to its owner</source>
        <translation>căruța se întoarce la proprietar</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="199"/>
        <source>end the game</source>
        <translation>încheie jocul</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="202"/>
        <source>wagon to the %1 of the tile at (%2,%3)</source>
        <translation>căruța pe %1 de pe cartonașul de la (%2,%3)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="210"/>
        <source>follower on the %1</source>
        <translation>supus pe %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="212"/>
        <source>mayor on the %1</source>
        <translation>primar pe %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="214"/>
        <source>wagon on the %1</source>
        <translation>căruță pe %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>north-west</source>
        <translation>nord-vest</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>north-east</source>
        <translation>nord-est</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>south-east</source>
        <translation>sud-est</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="217"/>
        <source>south-west</source>
        <translation>sud-vest</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="218"/>
        <source>barn at the %1 corner</source>
        <translation>moșie în colțul de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="256"/>
        <source>Not saved in the history: %1</source>
        <translation>Nu s-a salvat în istoric: %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="268"/>
        <source>The game is over: its turns stay as they are.</source>
        <translation>Jocul s-a terminat: turele lui rămân așa cum sunt.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="273"/>
        <source>There is no turn to take back.</source>
        <translation>Nu există nicio tură de anulat.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="279"/>
        <source>Turn taken back: enter it by hand; the camera then reads the next picture.</source>
        <translation>Tura a fost luată înapoi: introdu-o de mână; apoi camera citește imaginea următoare.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="292"/>
        <source>No game yet</source>
        <translation>Niciun joc încă</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="299"/>
        <source>Game over. Winner: %1 with %2 points</source>
        <translation>Joc terminat. Câștigător: %1 cu %2 puncte</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="306"/>
        <source>Turn %1: %2 draws a tile (%3 left)</source>
        <translation>Tura %1: %2 trage un cartonaș (mai sunt %3)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="310"/>
        <source>%1 may put a piece on the new tile</source>
        <translation>%1 poate pune un pion pe cartonașul nou</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="311"/>
        <source>%1&apos;s wagon may move on</source>
        <translation>Căruța lui %1 poate merge mai departe</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="328"/>
        <source>from your supply</source>
        <translation>din rezerva ta</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/game_controller.cpp" line="328"/>
        <source>%n left</source>
        <translation>
            <numerusform>a mai rămas %n</numerusform>
            <numerusform>au mai rămas %n</numerusform>
            <numerusform>au mai rămas %n</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="452"/>
        <source>No photo of this turn: entered by hand.</source>
        <translation>Nicio fotografie a acestei ture: introdusă de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="471"/>
        <source>Start a game first: the photos are read against it.</source>
        <translation>Începe întâi un joc: fotografiile sunt citite față de el.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="484"/>
        <source>Start a game first: the camera&apos;s pictures are read against it.</source>
        <translation>Începe întâi un joc: imaginile camerei sunt citite față de el.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="534"/>
        <source>Camera (%1): read.</source>
        <translation>Camera (%1): tura citită.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="536"/>
        <source>Camera (%1): read %2; corrected by hand.</source>
        <translation>Camera (%1): a citit %2; corectată de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="538"/>
        <source>Camera (%1): %2 Answered with one of its choices.</source>
        <translation>Camera (%1): %2 Răspuns cu una dintre variantele ei.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="540"/>
        <source>Camera (%1): no new tile seen; entered by hand.</source>
        <translation>Camera (%1): niciun cartonaș nou văzut; tura a fost introdusă de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="541"/>
        <source>Camera (%1): %2 Entered by hand.</source>
        <translation>Camera (%1): %2 Tura a fost introdusă de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="565"/>
        <source>Camera (%1): %2 Its tile is played as read (take the turn back if it is wrong): enter the rest of this turn by hand.</source>
        <translation>Camera (%1): %2 Cartonașul e pus așa cum a fost citit (ia tura înapoi dacă e greșit): introdu restul turei de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="568"/>
        <source>Camera (%1): %2. Its tile is played as read (take the turn back if it is wrong): enter the rest of this turn by hand.</source>
        <translation>Camera (%1): %2. Cartonașul e pus așa cum a fost citit (ia tura înapoi dacă e greșit): introdu restul turei de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="575"/>
        <source>Camera (%1): no new tile seen. Enter this turn by hand.</source>
        <translation>Camera (%1): niciun cartonaș nou. Introdu tura de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="578"/>
        <source>Camera (%1): %2. Enter this turn by hand.</source>
        <translation>Camera (%1): %2. Introdu tura de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="577"/>
        <source>Camera (%1): %2 Enter this turn by hand.</source>
        <translation>Camera (%1): %2 Introdu tura de mână.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="63"/>
        <source>tile %1 %2</source>
        <translation>cartonașul %1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="73"/>
        <source>The tile is not %1: take it back</source>
        <translation>Piesa nu este %1: luați-o înapoi</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="613"/>
        <source>%1 (strength %2)</source>
        <translation>%1 (forță %2)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="615"/>
        <location filename="../app/src/game_controller.cpp" line="631"/>
        <source>1 tile</source>
        <translation>1 cartonaș</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="615"/>
        <location filename="../app/src/game_controller.cpp" line="631"/>
        <source>%1 tiles</source>
        <translation>%1 cartonașe</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="618"/>
        <source>A farm over %1</source>
        <translation>Un câmp pe %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="620"/>
        <source>A completed road of %1</source>
        <translation>Un drum terminat de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="621"/>
        <source>An open road of %1</source>
        <translation>Un drum neterminat de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="624"/>
        <source>A completed city of %1</source>
        <translation>Un oraș terminat de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="625"/>
        <source>An open city of %1</source>
        <translation>Un oraș neterminat de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="629"/>
        <source>A %1 with %2 around it</source>
        <translation>O %1 cu %2 în jur</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="635"/>
        <source>Nobody holds it.</source>
        <translation>Nu îl ține nimeni.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="635"/>
        <source>Held by %1.</source>
        <translation>Ținut de %1.</translation>
    </message>
</context>
<context>
    <name>GameReplayModel</name>
    <message>
        <location filename="../app/src/history_model.cpp" line="127"/>
        <source>This game does not replay: </source>
        <translation>Jocul nu se poate reda: </translation>
    </message>
    <message>
        <location filename="../app/src/history_model.cpp" line="129"/>
        <source>No game %1 in %2</source>
        <translation>Niciun joc %1 în %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/history_model.cpp" line="140"/>
        <source>%n turn(s)</source>
        <translation>
            <numerusform>%n tură</numerusform>
            <numerusform>%n ture</numerusform>
            <numerusform>%n de ture</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/history_model.cpp" line="155"/>
        <source>the table</source>
        <translation>masa</translation>
    </message>
</context>
<context>
    <name>GameView</name>
    <message>
        <location filename="../qml/GameView.qml" line="41"/>
        <source>New game</source>
        <translation>Joc nou</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="56"/>
        <source>Base game (Winter Edition rules)</source>
        <translation>Jocul de bază (regulile ediției de iarnă)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="57"/>
        <source>Winter Edition (84 tiles)</source>
        <translation>Ediția de iarnă (84 de cartonașe)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="58"/>
        <source>Print-and-Play Demo</source>
        <translation>Demo de imprimat</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="60"/>
        <source>Abbey &amp; Mayor</source>
        <translation>Abația și primarul</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="63"/>
        <source>Farmers</source>
        <translation>Țărani</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="68"/>
        <source>Edition rule: a completed city of two tiles scores 1 point a tile</source>
        <translation>Regulă de ediție: un oraș terminat din două piese valorează 1 punct pe piesă</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="70"/>
        <source>House rule: filling a hole plays again</source>
        <translation>Regulă de casă: cine umple o gaură mai joacă o dată</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="73"/>
        <source>House rule: unfinished roads, cities and cloisters score nothing</source>
        <translation>Regulă a casei: drumurile, orașele și mănăstirile neterminate nu aduc puncte</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="78"/>
        <source>Wagon moves along its feature&apos;s roads and cities (first edition)</source>
        <translation>Căruța se mută de-a lungul drumurilor și orașelor legate de elementul ei (prima ediție)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="83"/>
        <source>A barn may join a farm that has one</source>
        <translation>O moșie se poate alătura unei ferme care are deja una</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="94"/>
        <source>Player %1</source>
        <translation>Jucătorul %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="100"/>
        <source>red</source>
        <translation>roșu</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="100"/>
        <source>blue</source>
        <translation>albastru</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="101"/>
        <source>green</source>
        <translation>verde</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="101"/>
        <source>yellow</source>
        <translation>galben</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="102"/>
        <source>black</source>
        <translation>negru</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="102"/>
        <source>grey</source>
        <translation>gri</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="103"/>
        <source>pink</source>
        <translation>roz</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="103"/>
        <source>purple</source>
        <translation>mov</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="111"/>
        <source>Start</source>
        <translation>Începe</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="127"/>
        <source>Watch the sample game</source>
        <translation>Urmărește jocul demonstrativ</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="145"/>
        <source>Tile pictures the camera learns from</source>
        <translation>Imaginile pieselor din care învață camera</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="163"/>
        <source>Folder of tile pictures, one per kind</source>
        <translation>Dosar cu imagini ale pieselor, una pentru fiecare tip</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="169"/>
        <source>Name</source>
        <translation>Nume</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="174"/>
        <source>Enrol</source>
        <translation>Învață</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Player</source>
        <translation>Jucător</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Roads</source>
        <translation>Drumuri</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Cities</source>
        <translation>Orașe</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Cloisters</source>
        <translation>Mănăstiri</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="209"/>
        <source>Farms</source>
        <translation>Câmpuri</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="209"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="227"/>
        <source>Final scoring</source>
        <translation>Punctajul final</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="244"/>
        <source>Which tile was drawn?</source>
        <translation>Ce cartonaș s-a tras?</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="294"/>
        <source>Folder of photos (one per turn) or a video file</source>
        <translation>Dosar de fotografii (una pe tură) sau un fișier video</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="299"/>
        <source>Follow</source>
        <translation>Urmărește</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="310"/>
        <source>Follow the live camera</source>
        <translation>Urmărește camera în direct</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="320"/>
        <source>Take back the last turn (correction)</source>
        <translation>Anulează ultima tură (corectură)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="326"/>
        <source>End the game now (final scoring)</source>
        <translation>Încheie jocul acum (punctajul final)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="341"/>
        <source>Board</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="342"/>
        <source>Camera</source>
        <translation>Camera</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="380"/>
        <source>If the game ended now: %1</source>
        <translation>Dacă jocul s-ar termina acum: %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="385"/>
        <source>Completed as it stands: %1</source>
        <translation>Terminat așa cum este: %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="398"/>
        <source>Ask a rules question, e.g. can I put a farmer on a road?</source>
        <translation>Pune o întrebare despre reguli, de ex. pot pune un țăran pe drum?</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="402"/>
        <source>Ask</source>
        <translation>Întreabă</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="442"/>
        <source>Table without pieces</source>
        <translation>Masa fără piese</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="446"/>
        <source>Done</source>
        <translation>Gata</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="472"/>
        <source>Their pieces</source>
        <translation>Piesele sale</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="478"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 points, %3 followers left</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 puncte, %3 supuși rămași</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="496"/>
        <source>&lt;b&gt;%1. %2&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;%1. %2&lt;/b&gt; %3</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message numerus="yes">
        <location filename="../qml/HistoryView.qml" line="26"/>
        <source>%n game(s) played</source>
        <translation>
            <numerusform>%n joc jucat</numerusform>
            <numerusform>%n jocuri jucate</numerusform>
            <numerusform>%n de jocuri jucate</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="50"/>
        <source>%1 · %2 · %3 turns</source>
        <translation>%1 · %2 · %3 ture</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="54"/>
        <source>  (in progress)</source>
        <translation>  (în desfășurare)</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="62"/>
        <source>Players</source>
        <translation>Jucători</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="71"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 games, %3 won, average %4, best %5&lt;br&gt;roads %6 · cities %7 · cloisters %8 · farms %9&lt;br&gt;longest road %10 tiles, biggest city %11 tiles</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 jocuri, %3 câștigate, medie %4, cel mai bun %5&lt;br&gt;drumuri %6 · orașe %7 · mănăstiri %8 · câmpuri %9&lt;br&gt;cel mai lung drum %10 cartonașe, cel mai mare oraș %11 cartonașe</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="80"/>
        <source>Reload</source>
        <translation>Reîncarcă</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="96"/>
        <source>Choose a game</source>
        <translation>Alege un joc</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="117"/>
        <source>Turn %1 of %2</source>
        <translation>Tura %1 din %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="152"/>
        <source>%1 played %2</source>
        <translation>%1 a jucat %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="169"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="180"/>
        <source>No score this turn.</source>
        <translation>Niciun punct în tura aceasta.</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="11"/>
        <source>Carcassonne Scorer</source>
        <translation>Carcassonne – punctaj</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="28"/>
        <source>Game</source>
        <translation>Joc</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="29"/>
        <source>Tile catalogues</source>
        <translation>Cataloage de cartonașe</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="30"/>
        <source>History</source>
        <translation>Istoric</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="69"/>
        <source>%1 — %2 tiles, %3 kinds</source>
        <translation>%1 — %2 cartonașe, %3 tipuri</translation>
    </message>
</context>
<context>
    <name>ScoreboardModel</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="705"/>
        <source>abbey %1 · mayor %2 · wagon %3 · barn %4</source>
        <translation>abație %1 · primar %2 · căruță %3 · moșie %4</translation>
    </message>
</context>
<context>
    <name>TileArtModel</name>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="33"/>
        <source>Drawn tiles (built in)</source>
        <translation>Piese desenate (incluse)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="35"/>
        <source>%1 (cannot be used: %2)</source>
        <translation>%1 (nu poate fi folosit: %2)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="37"/>
        <source>%1 (%2 pictures)</source>
        <translation>%1 (%2 imagini)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="75"/>
        <source>Which folder of tile pictures?</source>
        <translation>Care dosar cu imagini ale pieselor?</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="81"/>
        <source>Learning the tiles&apos; look from %1…</source>
        <translation>Se învață aspectul pieselor din %1…</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="107"/>
        <source>Not enrolled: %1</source>
        <translation>Nu a fost învățat: %1</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="114"/>
        <source>Kept as &quot;%1&quot; (%2 pictures of %3 tile kinds).</source>
        <translation>Păstrat ca „%1” (%2 imagini cu %3 tipuri de piese).</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="118"/>
        <source>Files that name no tile kind: %1.</source>
        <translation>Fișiere care nu numesc niciun tip de piesă: %1.</translation>
    </message>
</context>
<context>
    <name>TurnLogModel</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="760"/>
        <source>the table</source>
        <translation>masa</translation>
    </message>
</context>
</TS>
