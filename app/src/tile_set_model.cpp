#include "tile_set_model.h"

#include "tiledb/catalogue.h"

namespace {
const std::vector<std::string>& setIds() {
    static const std::vector<std::string> ids = tiledb::Catalogue::bundled().setIds();
    return ids;
}
} // namespace

TileSetModel::TileSetModel(QObject* parent) : QAbstractListModel(parent) {}

int TileSetModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(setIds().size());
}

QVariant TileSetModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const tiledb::TileSet* set = tiledb::Catalogue::bundled().set(setIds()[size_t(index.row())]);
    switch (role) {
    case IdRole: return QString::fromStdString(set->id);
    case Qt::DisplayRole:
    case NameRole: return QString::fromStdString(set->name);
    case TotalRole: return set->total;
    case KindsRole: return int(set->kinds.size());
    default: return {};
    }
}

QHash<int, QByteArray> TileSetModel::roleNames() const {
    return {{IdRole, "setId"}, {NameRole, "name"}, {TotalRole, "total"}, {KindsRole, "kinds"}};
}
