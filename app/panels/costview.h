#pragma once

#include <QLabel>

namespace topoplan {

struct AnalysisOutcome;

// The analysis panel's cost and power: the design's capital cost by category and the network's
// share, its IT load, tokens/s per MW and the cost per million tokens where the price book
// allows, what is unpriced, and how far the design grows before a tier must be added. The
// engine's figures (engine/document/cost.h, growth.h), in the user's language and number format.
class CostView : public QLabel
{
    Q_OBJECT

public:
    explicit CostView(QWidget *parent = nullptr);
    void showOutcome(const AnalysisOutcome &outcome);
};

} // namespace topoplan
