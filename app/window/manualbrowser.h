#pragma once

#include <QDialog>
#include <QHash>
#include <QImage>
#include <QTextBrowser>

class QAction;

namespace topoplan {

// The user manual's pages (docs/manual, built into the resources as :/doc/manual/*.md) shown
// as rendered Markdown: links between pages followed in place with a history, links out
// opened by the desktop, images loaded beside the page and scaled to the width of the view.
class ManualBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    explicit ManualBrowser(QWidget *parent = nullptr);

    // The URL of a page of the manual ("analysis.md"; empty: the contents).
    static QUrl pageUrl(const QString &page);
    // Every page of the manual, by file name, the contents first.
    static QStringList pages();

    // Shows `page` ("which-design.md").
    void showPage(const QString &page);

    // Images are decoded in the background: until then a blank of their size stands in.
    QVariant loadResource(int type, const QUrl &name) override;
    // Images decoded since the dialog opened.
    int decodedImages() const { return m_decoded; }

Q_SIGNALS:
    void imageDecoded(const QUrl &url);

private:
    void follow(const QUrl &link);
    void showImage(const QUrl &url, const QImage &image);
    int imageWidth() const;

    QHash<QUrl, QImage> m_images; // decoded once per dialog, at the width they were shown
    int m_decoded = 0;
};

// The manual's window: the page, and Back, Forward and Contents above it.
class ManualDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ManualDialog(QWidget *parent = nullptr);

    ManualBrowser *browser() const { return m_browser; }

private:
    ManualBrowser *m_browser;
};

} // namespace topoplan
