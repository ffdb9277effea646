// The engine's board as QML draws it (qml/BoardView.qml), for the live game and for a stored
// game's turns alike: tiles (index, x, y, id, rotation, last), pieces (tile, feature, x, y in
// board units with y north, kind, farmer, player, colour) and the bounds of the tiles laid.
#pragma once

#include "adjudicator/state.h"

#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

QVariantList boardTiles(const adj::State& s);
QVariantList boardPieces(const adj::State& s, const QStringList& colours); // colours by seat
QVariantMap boardBounds(const adj::State& s);
// All three: {tiles, pieces, bounds}.
QVariantMap boardView(const adj::State& s, const QStringList& colours);
