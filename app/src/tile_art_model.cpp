#include "tile_art_model.h"

#include "local_path.h"

#include <QDir>
#include <QFile>
#include <QPromise>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>

TileArtModel::TileArtModel(QObject* parent)
    : QAbstractListModel(parent), folder_(QString::fromStdString(carc::defaultTileSetFolder())) {
    reload(); // the kept sets, and the one chosen last
    connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &TileArtModel::finished);
    connect(&watcher_, &QFutureWatcher<Outcome>::progressValueChanged, this, [this](int v) {
        const int range = watcher_.progressMaximum() - watcher_.progressMinimum();
        progress_ = range > 0 ? double(v - watcher_.progressMinimum()) / range : 0;
        emit progressChanged();
    });
}

TileArtModel::~TileArtModel() {
    watcher_.waitForFinished();
}

int TileArtModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(sets_.size());
}

QVariant TileArtModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carc::TileSetEntry& e = sets_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case LabelRole:
        if (e.path.empty()) return tr("Drawn tiles (built in)");
        if (!e.problem.empty())
            return tr("%1 (cannot be used: %2)")
                .arg(QString::fromStdString(e.name), QString::fromStdString(e.problem));
        return tr("%1 (%2 pictures)").arg(QString::fromStdString(e.name)).arg(e.images);
    case NameRole: return QString::fromStdString(e.name);
    case PathRole: return QString::fromStdString(e.path);
    case UsableRole: return e.problem.empty();
    default: return {};
    }
}

QHash<int, QByteArray> TileArtModel::roleNames() const {
    return {{LabelRole, "label"}, {NameRole, "name"}, {PathRole, "path"}, {UsableRole, "usable"}};
}

void TileArtModel::setFolder(const QString& folder) {
    if (folder == folder_) return;
    folder_ = folder;
    emit folderChanged();
    reload();
}

void TileArtModel::reload() {
    beginResetModel();
    sets_ = carc::listTileSets(folder_.toStdString());
    QFile file(chosenFile());
    chosenPath_ =
        file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
    endResetModel();
    emit countChanged();
    emit chosenChanged();
}

int TileArtModel::chosen() const {
    const int row = indexOfPath(chosenPath_);
    return row >= 0 && sets_[size_t(row)].problem.empty() ? row : 0;
}

void TileArtModel::setChosen(int row) {
    if (row < 0 || row >= count() || row == chosen()) return;
    chosenPath_ = QString::fromStdString(sets_[size_t(row)].path);
    QDir().mkpath(folder_);
    QSaveFile file(chosenFile()); // whole or not at all
    if (file.open(QIODevice::WriteOnly)) {
        file.write(chosenPath_.toUtf8());
        file.commit();
    }
    emit chosenChanged();
}

int TileArtModel::indexOfPath(const QString& path) const {
    for (size_t i = 0; i < sets_.size(); ++i)
        if (QString::fromStdString(sets_[i].path) == path) return int(i);
    return -1;
}

bool TileArtModel::enrol(const QString& picturesOrUrl, const QString& name) {
    if (busy()) return false;
    const QString pictures = localPath(picturesOrUrl);
    const std::string why = carc::tileSetNameProblem(name.toStdString());
    if (!why.empty() || pictures.isEmpty()) {
        status_ = why.empty() ? tr("Which folder of tile pictures?") : QString::fromStdString(why);
        emit statusChanged();
        emit failed(status_);
        return false;
    }
    progress_ = 0;
    status_ = tr("Learning the tiles' look from %1…").arg(pictures);
    emit progressChanged();
    emit statusChanged();
    watcher_.setFuture(
        QtConcurrent::run([folder = folder_.toStdString(), name = name.toStdString(),
                           pictures = pictures.toStdString()](QPromise<Outcome>& promise) {
            promise.setProgressRange(0, 1000);
            Outcome out;
            std::vector<std::string> skipped;
            out.entry = carc::enrolTileSet(
                folder, name, pictures, &out.error,
                [&](int done, int total) {
                    promise.setProgressValue(total > 0 ? done * 1000 / total : 0);
                },
                &skipped);
            out.skipped = int(skipped.size());
            promise.addResult(out);
        }));
    busy_ = true;
    emit busyChanged();
    return true;
}

void TileArtModel::finished() {
    const Outcome out = watcher_.future().resultCount() ? watcher_.result() : Outcome{};
    busy_ = false;
    emit busyChanged();
    if (!out.entry) {
        status_ = tr("Not enrolled: %1").arg(QString::fromStdString(out.error));
        emit statusChanged();
        emit failed(status_);
        return;
    }
    progress_ = 1;
    emit progressChanged();
    status_ = tr("Kept as \"%1\" (%2 pictures of %3 tile kinds).")
                  .arg(QString::fromStdString(out.entry->name))
                  .arg(out.entry->images)
                  .arg(out.entry->kinds) +
              (out.skipped ? " " + tr("Files that name no tile kind: %1.").arg(out.skipped) : "");
    emit statusChanged();
    reload();
    setChosen(indexOfPath(QString::fromStdString(out.entry->path)));
    emit enrolled(QString::fromStdString(out.entry->path));
}
