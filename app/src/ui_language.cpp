#include "ui_language.h"

#include <QCoreApplication>
#include <QQmlEngine>

bool UiLanguage::setLanguage(const QString& code) {
    if (code == code_) return true;
    // English is the source language: no translator. The others come from the resources; a
    // language that does not load leaves the current one in place.
    std::unique_ptr<QTranslator> next;
    if (code != QStringLiteral("en")) {
        next = std::make_unique<QTranslator>();
        if (!next->load(QStringLiteral(":/i18n/carcassonne_%1.qm").arg(code))) return false;
    }
    if (translator_) QCoreApplication::removeTranslator(translator_.get());
    translator_ = std::move(next);
    if (translator_) QCoreApplication::installTranslator(translator_.get());
    code_ = code;
    if (QQmlEngine* engine = qmlEngine(this)) engine->retranslate();
    emit codeChanged();
    return true;
}
