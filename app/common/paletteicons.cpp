#include "app/common/paletteicons.h"

#include <QAction>
#include <QActionEvent>
#include <QApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QWidget>

namespace topoplan {

namespace {

const char *const kWrappedKey = "topoplanPaletteIcon"; // the cache key of the wrapped icon

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

// Grey pixels only (line art in one neutral colour), ignoring the transparent ones.
bool isMonochrome(const QImage &image)
{
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < argb.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x) {
            if (qAlpha(line[x]) < 32)
                continue;
            const QColor c(line[x]);
            if (c.hsvSaturationF() > 0.35f)
                return false;
        }
    }
    return true;
}

class PaletteIconEngine : public QIconEngine
{
public:
    explicit PaletteIconEngine(const QIcon &base)
        : m_base(base)
    {}

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal scale = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        painter->drawPixmap(rect, scaledPixmap(rect.size(), mode, state, scale));
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State state,
                         qreal scale) override
    {
        QPixmap pixmap = m_base.pixmap(size, scale, mode, state);
        const QPalette palette = QGuiApplication::palette();
        if (pixmap.isNull() || !isDark(palette) || !isMonochrome(pixmap.toImage()))
            return pixmap;
        const QColor color
                = palette.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active,
                                QPalette::ButtonText);
        QPainter painter(&pixmap);
        painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
        painter.fillRect(QRect(QPoint(0, 0), pixmap.size() / pixmap.devicePixelRatio()), color);
        return pixmap;
    }

    QSize actualSize(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return m_base.actualSize(size, mode, state);
    }

    QList<QSize> availableSizes(QIcon::Mode mode, QIcon::State state) override
    {
        return m_base.availableSizes(mode, state);
    }

    QString key() const override { return QStringLiteral("topoplan-palette"); }
    QIconEngine *clone() const override { return new PaletteIconEngine(m_base); }
    QString iconName() override { return m_base.name(); }
    bool isNull() override { return m_base.isNull(); }

private:
    QIcon m_base;
};

void adapt(QAction *action)
{
    const QIcon icon = action->icon();
    if (icon.isNull() || action->property(kWrappedKey).toLongLong() == icon.cacheKey())
        return;
    const QIcon wrapped = paletteAware(icon);
    action->setProperty(kWrappedKey, wrapped.cacheKey());
    action->setIcon(wrapped);
}

// Catches actions as menus and tool bars receive them, or as their icons change.
class ActionWatcher : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ActionAdded || event->type() == QEvent::ActionChanged) {
            if (QAction *action = static_cast<QActionEvent *>(event)->action())
                adapt(action);
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

QIcon paletteAware(const QIcon &icon)
{
    return icon.isNull() ? icon : QIcon(new PaletteIconEngine(icon));
}

void makeActionIconsPaletteAware()
{
    static ActionWatcher *watcher = nullptr;
    if (watcher || !qApp)
        return;
    watcher = new ActionWatcher(qApp);
    qApp->installEventFilter(watcher);
    for (QWidget *widget : QApplication::allWidgets()) {
        for (QAction *action : widget->actions())
            adapt(action);
    }
}

} // namespace topoplan
