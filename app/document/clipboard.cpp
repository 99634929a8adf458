#include "app/document/clipboard.h"

#include "engine/core/jsonin.h"
#include "engine/io/projectfile.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

namespace topoplan::Clipboard {

namespace {

constexpr const char *kClipboardFile = "clipboard";

} // namespace

QString mimeType()
{
    return QStringLiteral("application/x-topoplan-items");
}

QMimeData *toMimeData(const Project &fragment)
{
    const QByteArray json = QByteArray::fromStdString(serializeProject(fragment));
    auto *data = new QMimeData;
    data->setData(mimeType(), json);
    data->setText(QString::fromUtf8(json));
    return data;
}

bool canPaste(const QMimeData *data)
{
    return data && data->hasFormat(mimeType());
}

Expected<Project> fromMimeData(const QMimeData *data)
{
    if (!canPaste(data))
        return Error{kClipboardFile, {}, "the clipboard holds no TopoPlan items"};
    const Expected<Json> doc = parseJson(data->data(mimeType()).toStdString(), kClipboardFile);
    if (!doc)
        return doc.error();
    return parseProject(*doc, kClipboardFile);
}

void put(const Project &fragment)
{
    QGuiApplication::clipboard()->setMimeData(toMimeData(fragment));
}

bool hasFragment()
{
    return canPaste(QGuiApplication::clipboard()->mimeData());
}

Expected<Project> fragment()
{
    return fromMimeData(QGuiApplication::clipboard()->mimeData());
}

} // namespace topoplan::Clipboard
