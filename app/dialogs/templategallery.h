#pragma once

#include "engine/model/summary.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QHash>

class QLabel;
class QListWidget;
class QListWidgetItem;

namespace topoplan {

struct ProjectTemplate;

// File > New: "Empty project" and every built-in template (engine/templates.h) with its
// title, what it holds (GPUs, nodes, switches per tier) and a small picture of its tiers. The
// counts come from generating each template once, in a worker thread, when the gallery first
// opens; the biggest takes a tenth of a second.
class TemplateGallery : public QDialog
{
    Q_OBJECT

public:
    explicit TemplateGallery(QWidget *parent = nullptr);
    ~TemplateGallery() override;

    // The chosen template's id; empty for the empty project.
    QString templateId() const;
    void selectTemplate(const QString &templateId);
    QListWidget *list() const { return m_list; }
    // Whether every template has been counted (the rows show their switch counts).
    bool isCounted() const;

    // The picture of a template: its tiers as rows of switches over its nodes, wired up.
    // Without a summary, an empty page.
    static QPixmap preview(const TopologySummary *summary, const QPalette &palette,
                           qreal devicePixelRatio);

Q_SIGNALS:
    void counted();

private:
    void addEmptyProject();
    void addTemplate(const ProjectTemplate &t);
    void updateTemplate(QListWidgetItem *item, const TopologySummary *summary);
    void onCounted();
    void updateDescription();

    QListWidget *m_list;
    QLabel *m_description;
    QFutureWatcher<QHash<QString, TopologySummary>> m_counter;
};

} // namespace topoplan
