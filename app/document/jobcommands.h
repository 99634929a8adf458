#pragma once

#include "app/document/changevalue.h"
#include "app/document/undocommands.h"

#include "engine/model/workload.h"

#include <optional>

namespace topoplan {

// The training job of a project: what the analysis runs.
struct Job
{
    std::optional<Workload> workload;
    std::optional<Plan> plan;
    bool operator==(const Job &) const = default;
};

// Changes the workload and plan in one undo step. Consecutive edits of the same field (typing
// "16" into TP gives 1, then 16) merge into one step; another field starts a new one.
class ChangeJob : public ChangeValue<Job>
{
public:
    ChangeJob(Document *document, const Job &job, const QString &text,
              const QString &field = QString());
    int id() const override { return CmdChangeJob; }

    static Job current(const Document *document);

protected:
    Job value(const QString &) const override;
    void setValue(const QString &, const Job &job) const override;
    bool canMergeWith(const ChangeValue<Job> &other) const override;

private:
    QString m_field; // empty: never merges
};

} // namespace topoplan
