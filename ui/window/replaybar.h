// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

// The controls of a recorded run: a time slider over the whole run, play / pause (Space
// in the window) at 0.25× to 4×, and the time shown. The window listens to timeChanged and
// redraws the whole picture at that instant.
class ReplayBar : public QWidget
{
    Q_OBJECT

public:
    explicit ReplayBar(QWidget* parent = nullptr);

    void setRange(qint64 startUs, qint64 endUs);
    // Moves to `tUs` (clamped to the run) and says so through timeChanged.
    void seek(qint64 tUs);
    qint64 timeUs() const { return m_timeUs; }
    bool isPlaying() const { return m_timer.isActive(); }
    double speed() const;
    void setSpeed(double speed); // one of 0.25, 0.5, 1, 2, 4

public slots:
    void play();
    void pause();
    void togglePlay();

signals:
    void timeChanged(qint64 tUs);

private:
    void advance();
    void showTime();

    QPushButton* m_play;
    QSlider* m_slider;
    QComboBox* m_speed;
    QLabel* m_time;
    QTimer m_timer;
    QElapsedTimer m_wall;
    qint64 m_startUs = 0;
    qint64 m_endUs = 0;
    qint64 m_timeUs = 0;
    bool m_seeking = false;
};
