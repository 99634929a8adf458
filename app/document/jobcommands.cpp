#include "app/document/jobcommands.h"

namespace topoplan {

namespace {
const QString &jobId()
{
    static const QString id = QStringLiteral("job");
    return id;
}
} // namespace

ChangeJob::ChangeJob(Document *document, const Job &job, const QString &text, const QString &field)
    : ChangeValue<Job>(document, {jobId()}, {job})
    , m_field(field)
{
    setText(text);
}

Job ChangeJob::current(const Document *document)
{
    return {document->project().workload, document->project().plan};
}

Job ChangeJob::value(const QString &) const
{
    return current(document());
}

void ChangeJob::setValue(const QString &, const Job &job) const
{
    document()->setJob(job.workload, job.plan);
}

bool ChangeJob::canMergeWith(const ChangeValue<Job> &other) const
{
    const auto &o = static_cast<const ChangeJob &>(other);
    return !m_field.isEmpty() && o.m_field == m_field;
}

} // namespace topoplan
