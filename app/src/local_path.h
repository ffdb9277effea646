// QML hands paths over as plain text or as file: URLs (from a file dialog): the local path.
#pragma once

#include <QString>
#include <QUrl>

inline QString localPath(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}
