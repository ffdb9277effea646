// The interface's language (English, Romanian, Dutch), switched at any time: installs the Qt
// translation compiled from i18n/*.ts and asks the QML engine to re-evaluate every qsTr().
// Explanations and rules answers follow the same code through the controllers' `language`.
#pragma once

#include <QObject>
#include <QTranslator>
#include <QtQml/qqmlregistration.h>

#include <memory>

class UiLanguage : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString code READ code NOTIFY codeChanged)

public:
    explicit UiLanguage(QObject* parent = nullptr) : QObject(parent) {}
    QString code() const { return code_; }
    // en, ro or nl; false (nothing changes) for a language without a translation.
    Q_INVOKABLE bool setLanguage(const QString& code);

signals:
    void codeChanged();

private:
    QString code_ = QStringLiteral("en");
    std::unique_ptr<QTranslator> translator_; // installed; none for English
};
