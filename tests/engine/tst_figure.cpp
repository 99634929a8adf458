// One formatter for every figure the product prints (engine/core/figure): engine messages,
// the CLI and the app (which only localises the digits) say the same figure the same way.

#include "engine/core/figure.h"
#include "engine/plan/diagnosticstext.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace topoplan;

class tst_Figure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void text_data();
    void text();
    void engineMessagesUseIt();
    void nonFinite();
};

void tst_Figure::text_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("450 GB/s") << "bandwidth" << 450.0 << "450 GB/s";
    QTest::newRow("1800 GB/s") << "bandwidth" << 1800.0 << "1.8 TB/s";
    QTest::newRow("23.5 GB/s") << "bandwidth" << 23.5 << "23.5 GB/s";
    QTest::newRow("47.0 GB/s") << "bandwidth" << 47.0 << "47 GB/s";
    QTest::newRow("0.5 GB/s") << "bandwidth" << 0.5 << "500 MB/s";
    QTest::newRow("2250 TFLOP/s") << "tflops" << 2250.0 << "2.25 PFLOP/s";
    QTest::newRow("1536 GB") << "gigabytes" << 1536.0 << "1.54 TB";
    QTest::newRow("13.84 s") << "duration" << 13.84 << "13.8 s";
    QTest::newRow("42.1 ms") << "duration" << 0.0421 << "42.1 ms";
    QTest::newRow("3.5 us") << "duration" << 3.5e-6 << "3.5 \u00b5s";
    QTest::newRow("51.4 %") << "percent" << 0.514 << "51.4 %";
    QTest::newRow("18 %") << "percent" << 0.18 << "18 %";
    QTest::newRow("1.25 M tokens/s") << "tokens" << 1.25e6 << "1.25 M tokens/s";
    QTest::newRow("9500 tokens/s") << "tokens" << 9500.4 << "9500 tokens/s";
}

void tst_Figure::text()
{
    QFETCH(QString, kind);
    QFETCH(double, value);
    QFETCH(QString, expected);
    figure::Figure f;
    if (kind == u"bandwidth")
        f = figure::bandwidth(value);
    else if (kind == u"tflops")
        f = figure::tflops(value);
    else if (kind == u"gigabytes")
        f = figure::gigabytes(value);
    else if (kind == u"duration")
        f = figure::duration(value);
    else if (kind == u"percent")
        f = figure::percent(value);
    else
        f = figure::tokensPerSecond(value);
    QCOMPARE(QString::fromStdString(figure::text(f)), expected);
}

void tst_Figure::engineMessagesUseIt()
{
    // The same figure in a diagnostic's message as on the canvas: not "1800 GB/s" there and
    // "1.8 TB/s" here, nor "18%" and "18 %".
    QCOMPARE(diagtext::gbs(1800), std::string("1.8 TB/s"));
    QCOMPARE(diagtext::gbs(369.4), std::string("369 GB/s"));
    QCOMPARE(diagtext::percent(0.18), std::string("18 %"));
    QCOMPARE(diagtext::gb(61.23), std::string("61.2 GB"));
}

void tst_Figure::nonFinite()
{
    QCOMPARE(figure::number(std::numeric_limits<double>::infinity()), std::string("inf"));
    QCOMPARE(figure::number(std::nan("")), std::string("nan"));
    QCOMPARE(figure::number(-0.0001, 2), std::string("0"));
}

QTEST_GUILESS_MAIN(tst_Figure)
#include "tst_figure.moc"
