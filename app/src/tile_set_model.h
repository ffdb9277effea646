// The tile sets of the catalogue, as a list model for QML (one row per set).
#pragma once

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

class TileSetModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int count READ rowCount CONSTANT)

public:
    enum Role { IdRole = Qt::UserRole + 1, NameRole, TotalRole, KindsRole };
    Q_ENUM(Role)

    explicit TileSetModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
};
