// The one formatting helper for figures with units: every panel says a figure the same way.

#include "app/common/units.h"

#include <QLocale>
#include <QTest>

#include <limits>

using namespace topoplan;

class TestUnits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void bandwidth_data();
    void bandwidth();
    void tflops_data();
    void tflops();
    void gigabytes();
    void cables_data();
    void cables();
    void followsTheLocale();
    void duration_data();
    void duration();
    void shares();
};

void TestUnits::duration_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("GPT-3 step") << 13.84 << QStringLiteral("13.8 s");
    QTest::newRow("long step") << 127.4 << QStringLiteral("127 s");
    QTest::newRow("milliseconds") << 0.0421 << QStringLiteral("42.1 ms");
    QTest::newRow("collective latency") << 0.0000035 << QStringLiteral("3.5 \u00b5s");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0 s");
    QTest::newRow("never") << std::numeric_limits<double>::infinity() << QStringLiteral("\u221e s");
}

void TestUnits::duration()
{
    QFETCH(double, seconds);
    QFETCH(QString, text);
    QCOMPARE(units::duration(seconds), text);
}

void TestUnits::shares()
{
    QCOMPARE(units::percent(0.514), QStringLiteral("51.4 %"));
    QCOMPARE(units::percent(1.0), QStringLiteral("100 %"));
    QCOMPARE(units::tokensPerSecond(9500.4), QStringLiteral("9500 tokens/s"));
    QCOMPARE(units::tokensPerSecond(1.254e6), QStringLiteral("1.25 M tokens/s"));
}

void TestUnits::bandwidth_data()
{
    QTest::addColumn<double>("gbs");
    QTest::addColumn<QString>("text");
    QTest::newRow("NVLink 4 per GPU") << 450.0 << QStringLiteral("450 GB/s");
    QTest::newRow("NVLink 5 per GPU") << 900.0 << QStringLiteral("900 GB/s");
    QTest::newRow("both directions") << 1800.0 << QStringLiteral("1.8 TB/s");
    QTest::newRow("H100 HBM") << 3350.0 << QStringLiteral("3.35 TB/s");
    QTest::newRow("NDR NIC, efficient") << 47.0 << QStringLiteral("47 GB/s");
    QTest::newRow("HDR NIC, efficient") << 23.5 << QStringLiteral("23.5 GB/s");
    QTest::newRow("PCIe Gen4 x16") << 31.5 << QStringLiteral("31.5 GB/s");
    QTest::newRow("small") << 0.25 << QStringLiteral("250 MB/s");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0 GB/s");
}

void TestUnits::bandwidth()
{
    QFETCH(double, gbs);
    QFETCH(QString, text);
    QCOMPARE(units::bandwidth(gbs), text);
}

void TestUnits::tflops_data()
{
    QTest::addColumn<double>("tflops");
    QTest::addColumn<QString>("text");
    QTest::newRow("H100 BF16") << 989.0 << QStringLiteral("989 TFLOP/s");
    QTest::newRow("B200 BF16") << 2250.0 << QStringLiteral("2.25 PFLOP/s");
    QTest::newRow("measured") << 160.3 << QStringLiteral("160 TFLOP/s");
    QTest::newRow("MI300X") << 1307.4 << QStringLiteral("1.31 PFLOP/s");
}

void TestUnits::tflops()
{
    QFETCH(double, tflops);
    QFETCH(QString, text);
    QCOMPARE(units::tflops(tflops), text);
}

void TestUnits::gigabytes()
{
    QCOMPARE(units::gigabytes(80), QStringLiteral("80 GB"));
    QCOMPARE(units::gigabytes(141), QStringLiteral("141 GB"));
    QCOMPARE(units::gigabytes(61.2), QStringLiteral("61.2 GB"));
    QCOMPARE(units::gigabytes(1536), QStringLiteral("1.54 TB"));
}

void TestUnits::cables_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("gbits");
    QTest::addColumn<QString>("text");
    QTest::newRow("NDR bundle") << 8 << 400.0 << QStringLiteral("8 x 400G");
    QTest::newRow("HDR bundle") << 4 << 200.0 << QStringLiteral("4 x 200G");
    QTest::newRow("one XDR cable") << 1 << 800.0 << QStringLiteral("800G");
    QTest::newRow("1.6T") << 2 << 1600.0 << QStringLiteral("2 x 1.6T");
}

void TestUnits::cables()
{
    QFETCH(int, count);
    QFETCH(double, gbits);
    QFETCH(QString, text);
    QCOMPARE(units::bundle(count, gbits), text);
}

void TestUnits::followsTheLocale()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(units::bandwidth(23.5), QStringLiteral("23,5 GB/s"));
    QCOMPARE(units::tflops(2250), QStringLiteral("2,25 PFLOP/s"));
    QLocale::setDefault(QLocale::c());
    QCOMPARE(units::bandwidth(23.5), QStringLiteral("23.5 GB/s"));
}

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
