#include "app/panels/costview.h"

#include "app/analysis/analysiscontroller.h"
#include "app/common/units.h"

#include <cmath>

namespace topoplan {

namespace {

QString costLines(const DesignCost &d)
{
    const QString currency = QString::fromStdString(d.currency);
    QStringList lines;
    if (std::isfinite(d.capex())) {
        lines << CostView::tr("Capital cost <b>%1</b>: compute %2, network %3 (%4; switches %5, "
                              "optics %6, cables %7)")
                         .arg(units::money(d.capex(), currency),
                              units::money(d.total(CostCategory::Compute).capex, currency),
                              units::money(d.network().capex, currency),
                              units::percent(d.networkShare()),
                              units::money(d.total(CostCategory::Switches).capex, currency),
                              units::money(d.total(CostCategory::Optics).capex, currency),
                              units::money(d.total(CostCategory::Cables).capex, currency));
    } else {
        lines << CostView::tr("Capital cost: not stated, %n of %1 item(s) have no price "
                              "(File > Import Prices)",
                              nullptr, int(d.unpriced().size()))
                         .arg(d.items.size());
    }
    QString load = CostView::tr("IT load <b>%1</b> (network %2)")
                           .arg(units::power(d.itPowerW()), units::power(d.network().powerW));
    if (!d.itPowerComplete())
        load += CostView::tr("; the catalog states no power for %n of %1 item(s)", nullptr,
                             int(d.unpowered().size()))
                        .arg(d.items.size());
    lines << load;
    if (std::isfinite(d.tokensPerSPerMW()))
        lines << CostView::tr("%1 per MW").arg(units::tokensPerSecond(d.tokensPerSPerMW()));
    if (std::isfinite(d.costPerMillionTokens()))
        lines << CostView::tr("<b>%1 %2</b> per million tokens (capital over %3 years plus "
                              "energy)")
                         .arg(units::number(d.costPerMillionTokens(), 4), currency,
                              units::number(d.amortizationYears));
    QStringList missing;
    for (const std::string &u : d.unpriced())
        missing << CostView::tr("no price: %1").arg(QString::fromStdString(u));
    for (const std::string &u : d.unpowered())
        missing << CostView::tr("no power figure: %1").arg(QString::fromStdString(u));
    if (!missing.isEmpty())
        lines << QStringLiteral("<span style=\"color: gray\">%1</span>")
                         .arg(missing.join(QStringLiteral("; ")).toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

QString growthLine(const DesignGrowth &g)
{
    if (!g.computed)
        return CostView::tr("Growth: not computed: %1").arg(QString::fromStdString(g.why));
    const QString unit = g.leavesPerStep > 1 ? CostView::tr("%n scalable unit(s) of %1 leaves",
                                                            nullptr, g.steps)
                                                       .arg(g.leavesPerStep)
                         : g.leavesPerStep == 1 ? CostView::tr("%n leaf(s)", nullptr, g.steps)
                                                : CostView::tr("%n server(s)", nullptr, g.steps);
    return CostView::tr("Growth: the %1s take %2 more (%3 GPUs) before a tier or a plane must be "
                        "added; the limit: %4")
            .arg(QString::fromStdString(g.topTier), unit, QString::number(g.moreGpus()),
                 QString::fromStdString(g.limit).toHtmlEscaped());
}

} // namespace

CostView::CostView(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("costView"));
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setMargin(4);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setWhatsThis(tr("<b>Cost and power</b><p>The design's parts as the bill of materials counts "
                    "them: their power from the catalog's datasheet figures, their capital cost "
                    "from the project's price book (File > Import Prices; TopoPlan ships none). "
                    "A part without a price or a power figure is named, never guessed. With "
                    "energy and amortization in the book, the cost per million tokens is the "
                    "capital spread over the years plus the energy of the IT load.</p><p>Growth: "
                    "how many more units of leaves (with their servers) the top tier's free "
                    "ports take, cabled as the existing ones, before a tier or a plane must be "
                    "added.</p>"));
}

void CostView::showOutcome(const AnalysisOutcome &outcome)
{
    QStringList parts;
    if (outcome.cost)
        parts << costLines(*outcome.cost);
    if (outcome.growth)
        parts << growthLine(*outcome.growth);
    if (parts.isEmpty())
        parts << tr("The cost, power and growth of the design appear once it can be analysed.");
    setText(parts.join(QStringLiteral("<br>")));
}

} // namespace topoplan
