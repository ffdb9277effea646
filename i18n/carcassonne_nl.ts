<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl_NL">
<context>
    <name>CameraFeed</name>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="59"/>
        <source>A video to follow: %n frame(s)</source>
        <translation>
            <numerusform>Een video om te volgen: %n beeld</numerusform>
            <numerusform>Een video om te volgen: %n beelden</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="70"/>
        <source>%1: no photos (jpg or png) in this folder</source>
        <translation>%1: geen foto&apos;s (jpg of png) in deze map</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="73"/>
        <source>%n photo(s) to follow</source>
        <translation>
            <numerusform>%n foto te volgen</numerusform>
            <numerusform>%n foto&apos;s te volgen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="109"/>
        <source>No temporary folder for the camera&apos;s pictures</source>
        <translation>Geen tijdelijke map voor de beelden van de camera</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="117"/>
        <source>Show the camera the table without pieces, then each player&apos;s pieces (or skip: each colour is then learned from the player&apos;s first piece).</source>
        <translation>Toon de camera de tafel zonder stukken, daarna de stukken van elke speler (of sla over: elke kleur wordt dan geleerd van het eerste stuk van de speler).</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="119"/>
        <source>Waiting for a still picture from the camera…</source>
        <translation>Wachten op een stilstaand beeld van de camera…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="132"/>
        <source>No camera is attached.</source>
        <translation>Er is geen camera aangesloten.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="153"/>
        <source>Camera %1: waiting for a still picture…</source>
        <translation>Camera %1: wachten op een stilstaand beeld…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="173"/>
        <source>No picture from the camera yet.</source>
        <translation>Nog geen beeld van de camera.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="176"/>
        <source>The table without pieces is taken: now each player&apos;s pieces.</source>
        <translation>De tafel zonder stukken is vastgelegd: nu de stukken van elke speler.</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="178"/>
        <source>First show the camera the table without pieces.</source>
        <translation>Toon de camera eerst de tafel zonder stukken.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/camera_feed.cpp" line="187"/>
        <source>Player %1&apos;s colour is learned from %n piece(s).</source>
        <translation>
            <numerusform>De kleur van speler %1 is geleerd van %n stuk.</numerusform>
            <numerusform>De kleur van speler %1 is geleerd van %n stukken.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="189"/>
        <source>Player %1&apos;s colour is not learned: %2</source>
        <translation>De kleur van speler %1 is niet geleerd: %2</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="242"/>
        <source>Reading the camera&apos;s picture…</source>
        <translation>Het beeld van de camera wordt gelezen…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="245"/>
        <source>Waiting for a still picture in the video…</source>
        <translation>Wachten op een stilstaand beeld in de video…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="250"/>
        <source>Reading photo %1 of %2…</source>
        <translation>Foto %1 van %2 wordt gelezen…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="251"/>
        <source>Learning the tiles&apos; look, then reading photo %1…</source>
        <translation>Het uiterlijk van de tegels wordt geleerd, dan wordt foto %1 gelezen…</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="322"/>
        <source>The video has ended</source>
        <translation>De video is afgelopen</translation>
    </message>
    <message>
        <location filename="../app/src/camera_feed.cpp" line="360"/>
        <source>Photo %1 of %2 read in %3 ms</source>
        <translation>Foto %1 van %2 gelezen in %3 ms</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="120"/>
        <source>Player %1</source>
        <translation>Speler %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="172"/>
        <source>road</source>
        <translation>weg</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="173"/>
        <source>city</source>
        <translation>stad</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="174"/>
        <source>farm</source>
        <translation>weiland</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="175"/>
        <source>cloister</source>
        <translation>klooster</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="176"/>
        <source>abbey</source>
        <translation>abdij</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="185"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="192"/>
        <source>at (%1,%2), turned %3°</source>
        <translation>op (%1,%2), %3° gedraaid</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="196"/>
        <source>it fits nowhere: remove it and draw again</source>
        <translation>past nergens: leg hem weg en trek opnieuw</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="197"/>
        <source>no piece</source>
        <translation>geen pion</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="198"/>
        <source>the wagon goes back to its owner</source>
        <translation>de wagen gaat terug naar zijn eigenaar</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="199"/>
        <source>end the game</source>
        <translation>beëindig het spel</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="202"/>
        <source>wagon to the %1 of the tile at (%2,%3)</source>
        <translation>wagen naar de %1 van de tegel op (%2,%3)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="210"/>
        <source>follower on the %1</source>
        <translation>volgeling op de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="212"/>
        <source>mayor on the %1</source>
        <translation>burgemeester op de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="214"/>
        <source>wagon on the %1</source>
        <translation>wagen op de %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>north-west</source>
        <translation>noordwest</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>north-east</source>
        <translation>noordoost</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="216"/>
        <source>south-east</source>
        <translation>zuidoost</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="217"/>
        <source>south-west</source>
        <translation>zuidwest</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="218"/>
        <source>barn at the %1 corner</source>
        <translation>boerderij op de %1hoek</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="256"/>
        <source>Not saved in the history: %1</source>
        <translation>Niet bewaard in de geschiedenis: %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="268"/>
        <source>The game is over: its turns stay as they are.</source>
        <translation>Het spel is voorbij: zijn beurten blijven zoals ze zijn.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="273"/>
        <source>There is no turn to take back.</source>
        <translation>Er is geen beurt om terug te nemen.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="279"/>
        <source>Turn taken back: enter it by hand; the camera then reads the next picture.</source>
        <translation>Beurt teruggenomen: voer hem met de hand in; daarna leest de camera de volgende foto.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="292"/>
        <source>No game yet</source>
        <translation>Nog geen spel</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="299"/>
        <source>Game over. Winner: %1 with %2 points</source>
        <translation>Spel voorbij. Winnaar: %1 met %2 punten</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="306"/>
        <source>Turn %1: %2 draws a tile (%3 left)</source>
        <translation>Beurt %1: %2 trekt een tegel (nog %3)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="310"/>
        <source>%1 may put a piece on the new tile</source>
        <translation>%1 mag een pion op de nieuwe tegel zetten</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="311"/>
        <source>%1&apos;s wagon may move on</source>
        <translation>De wagen van %1 mag verder</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="328"/>
        <source>from your supply</source>
        <translation>uit je voorraad</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/game_controller.cpp" line="328"/>
        <source>%n left</source>
        <translation>
            <numerusform>nog %n</numerusform>
            <numerusform>nog %n</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="452"/>
        <source>No photo of this turn: entered by hand.</source>
        <translation>Geen foto van deze beurt: met de hand ingevoerd.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="471"/>
        <source>Start a game first: the photos are read against it.</source>
        <translation>Begin eerst een spel: de foto&apos;s worden ermee vergeleken.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="484"/>
        <source>Start a game first: the camera&apos;s pictures are read against it.</source>
        <translation>Begin eerst een spel: de beelden van de camera worden ermee vergeleken.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="534"/>
        <source>Camera (%1): read.</source>
        <translation>Camera (%1): gelezen.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="536"/>
        <source>Camera (%1): read %2; corrected by hand.</source>
        <translation>Camera (%1): las %2; met de hand verbeterd.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="538"/>
        <source>Camera (%1): %2 Answered with one of its choices.</source>
        <translation>Camera (%1): %2 Beantwoord met een van haar keuzes.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="540"/>
        <source>Camera (%1): no new tile seen; entered by hand.</source>
        <translation>Camera (%1): geen nieuwe tegel gezien; met de hand ingevoerd.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="541"/>
        <source>Camera (%1): %2 Entered by hand.</source>
        <translation>Camera (%1): %2 Met de hand ingevoerd.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="565"/>
        <source>Camera (%1): %2 Its tile is played as read (take the turn back if it is wrong): enter the rest of this turn by hand.</source>
        <translation>Camera (%1): %2 De tegel is gelegd zoals gelezen (neem de beurt terug als hij fout is): voer de rest van deze beurt met de hand in.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="568"/>
        <source>Camera (%1): %2. Its tile is played as read (take the turn back if it is wrong): enter the rest of this turn by hand.</source>
        <translation>Camera (%1): %2. De tegel is gelegd zoals gelezen (neem de beurt terug als hij fout is): voer de rest van deze beurt met de hand in.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="575"/>
        <source>Camera (%1): no new tile seen. Enter this turn by hand.</source>
        <translation>Camera (%1): geen nieuwe tegel gezien. Voer deze beurt met de hand in.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="578"/>
        <source>Camera (%1): %2. Enter this turn by hand.</source>
        <translation>Camera (%1): %2. Voer deze beurt met de hand in.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="577"/>
        <source>Camera (%1): %2 Enter this turn by hand.</source>
        <translation>Camera (%1): %2 Voer deze beurt met de hand in.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="63"/>
        <source>tile %1 %2</source>
        <translation>tegel %1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="73"/>
        <source>The tile is not %1: take it back</source>
        <translation>De tegel is niet %1: neem hem terug</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="613"/>
        <source>%1 (strength %2)</source>
        <translation>%1 (sterkte %2)</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="615"/>
        <location filename="../app/src/game_controller.cpp" line="631"/>
        <source>1 tile</source>
        <translation>1 tegel</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="615"/>
        <location filename="../app/src/game_controller.cpp" line="631"/>
        <source>%1 tiles</source>
        <translation>%1 tegels</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="618"/>
        <source>A farm over %1</source>
        <translation>Een weiland over %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="620"/>
        <source>A completed road of %1</source>
        <translation>Een voltooide weg van %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="621"/>
        <source>An open road of %1</source>
        <translation>Een open weg van %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="624"/>
        <source>A completed city of %1</source>
        <translation>Een voltooide stad van %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="625"/>
        <source>An open city of %1</source>
        <translation>Een open stad van %1</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="629"/>
        <source>A %1 with %2 around it</source>
        <translation>Een %1 met %2 eromheen</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="635"/>
        <source>Nobody holds it.</source>
        <translation>Niemand bezit het.</translation>
    </message>
    <message>
        <location filename="../app/src/game_controller.cpp" line="635"/>
        <source>Held by %1.</source>
        <translation>In handen van %1.</translation>
    </message>
</context>
<context>
    <name>GameReplayModel</name>
    <message>
        <location filename="../app/src/history_model.cpp" line="127"/>
        <source>This game does not replay: </source>
        <translation>Dit spel laat zich niet naspelen: </translation>
    </message>
    <message>
        <location filename="../app/src/history_model.cpp" line="129"/>
        <source>No game %1 in %2</source>
        <translation>Geen spel %1 in %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/history_model.cpp" line="140"/>
        <source>%n turn(s)</source>
        <translation>
            <numerusform>%n beurt</numerusform>
            <numerusform>%n beurten</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/history_model.cpp" line="155"/>
        <source>the table</source>
        <translation>de tafel</translation>
    </message>
</context>
<context>
    <name>GameView</name>
    <message>
        <location filename="../qml/GameView.qml" line="41"/>
        <source>New game</source>
        <translation>Nieuw spel</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="56"/>
        <source>Base game (Winter Edition rules)</source>
        <translation>Basisspel (regels van de Wintereditie)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="57"/>
        <source>Winter Edition (84 tiles)</source>
        <translation>Wintereditie (84 tegels)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="58"/>
        <source>Print-and-Play Demo</source>
        <translation>Print-and-play-demo</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="60"/>
        <source>Abbey &amp; Mayor</source>
        <translation>Abdij &amp; Burgemeester</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="63"/>
        <source>Farmers</source>
        <translation>Boeren</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="68"/>
        <source>Edition rule: a completed city of two tiles scores 1 point a tile</source>
        <translation>Editieregel: een voltooide stad van twee tegels levert 1 punt per tegel op</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="70"/>
        <source>House rule: filling a hole plays again</source>
        <translation>Huisregel: wie een gat vult, speelt nog eens</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="73"/>
        <source>House rule: unfinished roads, cities and cloisters score nothing</source>
        <translation>Huisregel: onvoltooide wegen, steden en kloosters leveren niets op</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="78"/>
        <source>Wagon moves along its feature&apos;s roads and cities (first edition)</source>
        <translation>De wagen verplaatst zich langs de wegen en steden van zijn gebied (eerste editie)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="83"/>
        <source>A barn may join a farm that has one</source>
        <translation>Een boerderij mag bij een weiland komen dat er al een heeft</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="94"/>
        <source>Player %1</source>
        <translation>Speler %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="100"/>
        <source>red</source>
        <translation>rood</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="100"/>
        <source>blue</source>
        <translation>blauw</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="101"/>
        <source>green</source>
        <translation>groen</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="101"/>
        <source>yellow</source>
        <translation>geel</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="102"/>
        <source>black</source>
        <translation>zwart</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="102"/>
        <source>grey</source>
        <translation>grijs</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="103"/>
        <source>pink</source>
        <translation>roze</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="103"/>
        <source>purple</source>
        <translation>paars</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="111"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="127"/>
        <source>Watch the sample game</source>
        <translation>Bekijk het voorbeeldspel</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="145"/>
        <source>Tile pictures the camera learns from</source>
        <translation>Tegelafbeeldingen waarvan de camera leert</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="163"/>
        <source>Folder of tile pictures, one per kind</source>
        <translation>Map met tegelafbeeldingen, één per soort</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="169"/>
        <source>Name</source>
        <translation>Naam</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="174"/>
        <source>Enrol</source>
        <translation>Aanleren</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Player</source>
        <translation>Speler</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Roads</source>
        <translation>Wegen</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Cities</source>
        <translation>Steden</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="208"/>
        <source>Cloisters</source>
        <translation>Kloosters</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="209"/>
        <source>Farms</source>
        <translation>Weilanden</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="209"/>
        <source>Total</source>
        <translation>Totaal</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="227"/>
        <source>Final scoring</source>
        <translation>Eindtelling</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="244"/>
        <source>Which tile was drawn?</source>
        <translation>Welke tegel is getrokken?</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="294"/>
        <source>Folder of photos (one per turn) or a video file</source>
        <translation>Map met foto&apos;s (één per beurt) of een videobestand</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="299"/>
        <source>Follow</source>
        <translation>Volgen</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="310"/>
        <source>Follow the live camera</source>
        <translation>Volg de live camera</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="320"/>
        <source>Take back the last turn (correction)</source>
        <translation>Neem de laatste beurt terug (correctie)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="326"/>
        <source>End the game now (final scoring)</source>
        <translation>Beëindig het spel nu (eindtelling)</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="341"/>
        <source>Board</source>
        <translation>Bord</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="342"/>
        <source>Camera</source>
        <translation>Camera</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="380"/>
        <source>If the game ended now: %1</source>
        <translation>Als het spel nu eindigde: %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="385"/>
        <source>Completed as it stands: %1</source>
        <translation>Voltooid zoals het nu is: %1</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="398"/>
        <source>Ask a rules question, e.g. can I put a farmer on a road?</source>
        <translation>Stel een regelvraag, bv. mag een boer op een weg staan?</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="402"/>
        <source>Ask</source>
        <translation>Vraag</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="442"/>
        <source>Table without pieces</source>
        <translation>Tafel zonder stukken</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="446"/>
        <source>Done</source>
        <translation>Klaar</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="472"/>
        <source>Their pieces</source>
        <translation>Hun stukken</translation>
    </message>
    <message>
        <location filename="../qml/GameView.qml" line="478"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 points, %3 followers left</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 punten, nog %3 volgelingen</translation>
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
            <numerusform>%n spel gespeeld</numerusform>
            <numerusform>%n spellen gespeeld</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="50"/>
        <source>%1 · %2 · %3 turns</source>
        <translation>%1 · %2 · %3 beurten</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="54"/>
        <source>  (in progress)</source>
        <translation>  (bezig)</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="62"/>
        <source>Players</source>
        <translation>Spelers</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="71"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 games, %3 won, average %4, best %5&lt;br&gt;roads %6 · cities %7 · cloisters %8 · farms %9&lt;br&gt;longest road %10 tiles, biggest city %11 tiles</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 spellen, %3 gewonnen, gemiddeld %4, beste %5&lt;br&gt;wegen %6 · steden %7 · kloosters %8 · weilanden %9&lt;br&gt;langste weg %10 tegels, grootste stad %11 tegels</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="80"/>
        <source>Reload</source>
        <translation>Opnieuw laden</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="96"/>
        <source>Choose a game</source>
        <translation>Kies een spel</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="117"/>
        <source>Turn %1 of %2</source>
        <translation>Beurt %1 van %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="152"/>
        <source>%1 played %2</source>
        <translation>%1 speelde %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="169"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../qml/HistoryView.qml" line="180"/>
        <source>No score this turn.</source>
        <translation>Geen punten deze beurt.</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="11"/>
        <source>Carcassonne Scorer</source>
        <translation>Carcassonne-scorebord</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="28"/>
        <source>Game</source>
        <translation>Spel</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="29"/>
        <source>Tile catalogues</source>
        <translation>Tegelcatalogi</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="30"/>
        <source>History</source>
        <translation>Geschiedenis</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="69"/>
        <source>%1 — %2 tiles, %3 kinds</source>
        <translation>%1 — %2 tegels, %3 soorten</translation>
    </message>
</context>
<context>
    <name>ScoreboardModel</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="705"/>
        <source>abbey %1 · mayor %2 · wagon %3 · barn %4</source>
        <translation>abdij %1 · burgemeester %2 · wagen %3 · boerderij %4</translation>
    </message>
</context>
<context>
    <name>TileArtModel</name>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="33"/>
        <source>Drawn tiles (built in)</source>
        <translation>Getekende tegels (ingebouwd)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="35"/>
        <source>%1 (cannot be used: %2)</source>
        <translation>%1 (niet bruikbaar: %2)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="37"/>
        <source>%1 (%2 pictures)</source>
        <translation>%1 (%2 afbeeldingen)</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="75"/>
        <source>Which folder of tile pictures?</source>
        <translation>Welke map met tegelafbeeldingen?</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="81"/>
        <source>Learning the tiles&apos; look from %1…</source>
        <translation>Het uiterlijk van de tegels wordt geleerd uit %1…</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="107"/>
        <source>Not enrolled: %1</source>
        <translation>Niet aangeleerd: %1</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="114"/>
        <source>Kept as &quot;%1&quot; (%2 pictures of %3 tile kinds).</source>
        <translation>Bewaard als ‘%1’ (%2 afbeeldingen van %3 tegelsoorten).</translation>
    </message>
    <message>
        <location filename="../app/src/tile_art_model.cpp" line="118"/>
        <source>Files that name no tile kind: %1.</source>
        <translation>Bestanden die geen tegelsoort noemen: %1.</translation>
    </message>
</context>
<context>
    <name>TurnLogModel</name>
    <message>
        <location filename="../app/src/game_controller.cpp" line="760"/>
        <source>the table</source>
        <translation>de tafel</translation>
    </message>
</context>
</TS>
