#include "app/window/manualbrowser.h"

#include <QAction>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFutureWatcher>
#include <QImageReader>
#include <QScrollBar>
#include <QStyle>
#include <QTextBlock>
#include <QTextFormat>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace topoplan {

namespace {

const QString kManualDir = QStringLiteral(":/doc/manual");
const QString kContents = QStringLiteral("index.md");

// Pictures are shown no wider than this, however wide the window: a screenshot stays
// readable beside the text around it.
constexpr int kMaxImageWidth = 900;

QString resourcePath(const QUrl &url)
{
    return url.scheme() == u"qrc" ? QLatin1Char(':') + url.path() : url.toLocalFile();
}

} // namespace

ManualBrowser::ManualBrowser(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("manualText"));
    // Links are followed here: a page of the manual in place, as Markdown, anything else by
    // the desktop (a web page in the browser).
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &ManualBrowser::follow);
}

void ManualBrowser::follow(const QUrl &link)
{
    const QUrl url = source().resolved(link);
    if (url.scheme() != u"qrc") {
        QDesktopServices::openUrl(url);
        return;
    }
    if (url.adjusted(QUrl::RemoveFragment) == source())
        scrollToAnchor(url.fragment());
    else
        setSource(url, QTextDocument::MarkdownResource);
}

QUrl ManualBrowser::pageUrl(const QString &page)
{
    return QUrl(QStringLiteral("qrc:/doc/manual/") + (page.isEmpty() ? kContents : page));
}

QStringList ManualBrowser::pages()
{
    QStringList names = QDir(kManualDir).entryList({QStringLiteral("*.md")}, QDir::Files);
    names.removeAll(kContents);
    names.prepend(kContents);
    return names;
}

void ManualBrowser::showPage(const QString &page)
{
    setSource(pageUrl(page), QTextDocument::MarkdownResource);
}

int ManualBrowser::imageWidth() const
{
    const int margin
            = 2 * int(document()->documentMargin()) + verticalScrollBar()->sizeHint().width();
    return std::clamp(viewport()->width() - margin, 200, kMaxImageWidth);
}

QVariant ManualBrowser::loadResource(int type, const QUrl &name)
{
    if (type != QTextDocument::ImageResource)
        return QTextBrowser::loadResource(type, name);
    const QUrl url = source().resolved(name);
    if (const auto cached = m_images.constFind(url); cached != m_images.constEnd())
        return *cached;
    // The header gives the size the picture is shown at; the pixels are decoded in the
    // background, and at that size (a 1600-pixel screenshot costs a 900-pixel image), while
    // the page is laid out around a blank of the same size.
    const QString path = resourcePath(url);
    QSize size = QImageReader(path).size();
    if (!size.isValid())
        return {};
    if (size.width() > imageWidth())
        size = size.scaled(imageWidth(), size.height(), Qt::KeepAspectRatio);
    QImage blank(size, QImage::Format_ARGB32_Premultiplied);
    blank.fill(Qt::transparent);
    m_images.insert(url, blank);
    auto *watcher = new QFutureWatcher<QImage>(this);
    connect(watcher, &QFutureWatcher<QImage>::finished, this, [this, watcher, url] {
        watcher->deleteLater();
        const QImage image = watcher->result();
        if (image.isNull())
            return;
        m_images.insert(url, image);
        ++m_decoded;
        showImage(url, image);
        Q_EMIT imageDecoded(url);
    });
    watcher->setFuture(QtConcurrent::run([path, size] {
        QImageReader reader(path);
        reader.setScaledSize(size);
        return reader.read();
    }));
    return blank;
}

void ManualBrowser::showImage(const QUrl &url, const QImage &image)
{
    // QTextDocument::resource() resolves a page's relative name against the page first, and
    // keeps what loadResource() gave (the blank) in a cache it consults after the resources
    // added here: the image goes in under the resolved URL, and under the page's own name.
    document()->addResource(QTextDocument::ImageResource, url, image);
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (!format.isImageFormat())
                continue;
            const QUrl name(format.toImageFormat().name());
            if (source().resolved(name) == url)
                document()->addResource(QTextDocument::ImageResource, name, image);
        }
    }
    viewport()->update();
}

ManualDialog::ManualDialog(QWidget *parent)
    : QDialog(parent)
    , m_browser(new ManualBrowser(this))
{
    setObjectName(QStringLiteral("manualDialog"));
    setWindowTitle(tr("TopoPlan Manual"));
    auto *bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("manualToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QAction *back = bar->addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"));
    back->setObjectName(QStringLiteral("manualBack"));
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    QAction *forward
            = bar->addAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"));
    forward->setObjectName(QStringLiteral("manualForward"));
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    QAction *contents
            = bar->addAction(style()->standardIcon(QStyle::SP_DirHomeIcon), tr("Contents"));
    contents->setObjectName(QStringLiteral("manualContents"));
    connect(back, &QAction::triggered, m_browser, &QTextBrowser::backward);
    connect(forward, &QAction::triggered, m_browser, &QTextBrowser::forward);
    connect(contents, &QAction::triggered, this, [this] { m_browser->showPage({}); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] {
        // A page's title is its first heading.
        const QString title = m_browser->document()->firstBlock().text();
        setWindowTitle(title.isEmpty() ? tr("TopoPlan Manual")
                                       : tr("%1 - TopoPlan Manual").arg(title));
    });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(bar);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(860, 720);
}

} // namespace topoplan
