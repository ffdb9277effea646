// The tile sets the camera knows (tile_set_library.h), as a list model for QML: our drawn tiles,
// then each set enrolled from pictures of an edition's tiles. Enrolling one reads many pictures:
// it runs off the UI thread and reports its progress.
#pragma once

#include "tile_set_library.h"

#include <QAbstractListModel>
#include <QFutureWatcher>
#include <QtQml/qqmlregistration.h>

#include <vector>

class TileArtModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    // Where the sets are kept; the user's data folder unless set (tests keep their own).
    Q_PROPERTY(QString folder READ folder WRITE setFolder NOTIFY folderChanged)
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged) // 0..1 while busy
    Q_PROPERTY(QString status READ status NOTIFY statusChanged)      // what the last enrolment said
    // The row the players chose last (kept in the folder, so the next game starts with it; a set
    // just enrolled becomes the chosen one).
    Q_PROPERTY(int chosen READ chosen WRITE setChosen NOTIFY chosenChanged)

public:
    // label: what the user reads; path: what GameController::followPhotos takes as references.
    enum Role { LabelRole = Qt::UserRole + 1, NameRole, PathRole, UsableRole };
    Q_ENUM(Role)

    explicit TileArtModel(QObject* parent = nullptr);
    ~TileArtModel() override;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString folder() const { return folder_; }
    void setFolder(const QString& folder);
    int count() const { return int(sets_.size()); }
    // From enrol() until its outcome is applied (the worker ends before its finished signal
    // is delivered: a new enrolment or a test must not see the model idle in between).
    bool busy() const { return busy_; }
    double progress() const { return progress_; }
    QString status() const { return status_; }
    int chosen() const;
    void setChosen(int row);

    // Enrols a folder of pictures (one per tile kind) as `name`; false when one is already
    // running or the name is refused (status says why). enrolled() or failed() follows.
    Q_INVOKABLE bool enrol(const QString& picturesOrUrl, const QString& name);
    Q_INVOKABLE void reload();
    // The row of a kept set's path, or -1.
    Q_INVOKABLE int indexOfPath(const QString& path) const;

signals:
    void folderChanged();
    void countChanged();
    void busyChanged();
    void progressChanged();
    void statusChanged();
    void chosenChanged();
    void enrolled(const QString& path);
    void failed(const QString& why);

private:
    struct Outcome {
        std::optional<carc::TileSetEntry> entry;
        std::string error;
        int skipped = 0;
    };
    void finished();
    QString chosenFile() const { return folder_ + "/chosen"; }
    QString folder_;
    std::vector<carc::TileSetEntry> sets_;
    QString chosenPath_; // the chosen set's path ("" for our drawn tiles)
    bool busy_ = false;
    QFutureWatcher<Outcome> watcher_;
    double progress_ = 0;
    QString status_;
};
