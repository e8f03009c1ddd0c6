// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/replaybar.h"

#include "base/constants.h"
#include "base/textformat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>

namespace {
const QList<double> Speeds{0.25, 0.5, 1, 2, 4};
constexpr int SliderUnitUs = 1000; // the slider counts milliseconds
} // namespace

ReplayBar::ReplayBar(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("replayBar"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 10, 4);
    m_play = new QPushButton(tr("Play"), this);
    m_play->setObjectName(QStringLiteral("replayPlay"));
    m_play->setToolTip(tr("Play the run from here, or pause it (Space)"));
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("replaySlider"));
    m_slider->setToolTip(tr("Scrub: the whole window shows the run at this instant"));
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("replaySpeed"));
    for (double s : Speeds)
        m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(int(Speeds.indexOf(1.0)));
    m_speed->setToolTip(tr("Playback speed"));
    m_time = new QLabel(this);
    m_time->setObjectName(QStringLiteral("replayTime"));
    m_time->setMinimumWidth(
        m_time->fontMetrics().horizontalAdvance(QStringLiteral("00:00.0 / 00:00.0")) + 8);
    layout->addWidget(new QLabel(tr("Recorded run"), this));
    layout->addWidget(m_play);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_time);
    layout->addWidget(m_speed);
    m_timer.setInterval(Constants::FrameMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ReplayBar::advance);
    connect(m_play, &QPushButton::clicked, this, &ReplayBar::togglePlay);
    connect(m_slider, &QSlider::valueChanged, this, [this](int ms) {
        if (!m_seeking)
            seek(m_startUs + qint64(ms) * SliderUnitUs);
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_wall.restart(); });
}

void ReplayBar::setRange(qint64 startUs, qint64 endUs)
{
    pause();
    m_startUs = startUs;
    m_endUs = std::max(endUs, startUs);
    m_seeking = true;
    m_slider->setRange(0, int((m_endUs - m_startUs) / SliderUnitUs));
    m_seeking = false;
}

void ReplayBar::seek(qint64 tUs)
{
    m_timeUs = std::clamp(tUs, m_startUs, m_endUs);
    m_seeking = true;
    m_slider->setValue(int((m_timeUs - m_startUs) / SliderUnitUs));
    m_seeking = false;
    showTime();
    emit timeChanged(m_timeUs);
}

double ReplayBar::speed() const
{
    return m_speed->currentData().toDouble();
}

void ReplayBar::setSpeed(double speed)
{
    const int index = m_speed->findData(speed);
    if (index >= 0)
        m_speed->setCurrentIndex(index);
}

void ReplayBar::play()
{
    if (m_timeUs >= m_endUs)
        seek(m_startUs); // from the top again
    m_wall.start();
    m_timer.start();
    m_play->setText(tr("Pause"));
}

void ReplayBar::pause()
{
    m_timer.stop();
    m_play->setText(tr("Play"));
}

void ReplayBar::togglePlay()
{
    isPlaying() ? pause() : play();
}

// Run time moves with the wall clock times the speed, whatever the timer's jitter.
void ReplayBar::advance()
{
    const qint64 elapsedUs = m_wall.nsecsElapsed() / 1000;
    m_wall.restart();
    seek(m_timeUs + qint64(double(elapsedUs) * speed()));
    if (m_timeUs >= m_endUs)
        pause();
}

void ReplayBar::showTime()
{
    m_time->setText(
        QStringLiteral("%1 / %2").arg(TextFormat::runTime(m_timeUs), TextFormat::runTime(m_endUs)));
}
