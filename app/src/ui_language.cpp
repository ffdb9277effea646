#include "ui_language.h"

#include <QCoreApplication>
#include <QQmlEngine>

bool UiLanguage::setLanguage(const QString& code) {
    if (code == code_) return true;
    QCoreApplication::removeTranslator(&translator_);
    // English is the source language: no translator. The others come from the resources.
    if (code != QStringLiteral("en") &&
        (!translator_.load(QStringLiteral(":/i18n/carcassonne_%1.qm").arg(code)) ||
         !QCoreApplication::installTranslator(&translator_))) {
        if (code_ != QStringLiteral("en")) QCoreApplication::installTranslator(&translator_);
        return false;
    }
    code_ = code;
    if (QQmlEngine* engine = qmlEngine(this)) engine->retranslate();
    emit codeChanged();
    return true;
}
