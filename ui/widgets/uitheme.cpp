// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/uitheme.h"

#include <QPainter>

QPalette UiTheme::palette(Mode mode)
{
    QPalette p;
    if (mode == Mode::Dark) {
        const QColor window(0x1c, 0x1f, 0x24);
        const QColor base(0x25, 0x29, 0x30);
        const QColor text(0xe6, 0xe8, 0xeb);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x2c, 0x31, 0x39));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x30, 0x35, 0x3e));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x35, 0x3e));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x90, 0x99));
        p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Light, QColor(0x45, 0x4b, 0x55));
        p.setColor(QPalette::Midlight, QColor(0x3a, 0x40, 0x49));
        p.setColor(QPalette::Mid, QColor(0x33, 0x38, 0x40));
        p.setColor(QPalette::Dark, QColor(0x14, 0x16, 0x1a));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6a, 0x70, 0x78));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6a, 0x70, 0x78));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6a, 0x70, 0x78));
    } else {
        const QColor window(0xf2, 0xf3, 0xf5);
        const QColor text(0x1d, 0x21, 0x27);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf7, 0xf9));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0xfa, 0xfa, 0xfb));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xfd, 0xe8));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x90, 0x99));
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Light, Qt::white);
        p.setColor(QPalette::Midlight, QColor(0xe4, 0xe6, 0xea));
        p.setColor(QPalette::Mid, QColor(0xc8, 0xcc, 0xd2));
        p.setColor(QPalette::Dark, QColor(0x9a, 0xa0, 0xa8));
        p.setColor(QPalette::Shadow, QColor(0x60, 0x60, 0x60));
        p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xc0));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0xa8, 0xad, 0xb4));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0xa8, 0xad, 0xb4));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0xa8, 0xad, 0xb4));
    }
    return p;
}

bool UiTheme::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor UiTheme::good(bool dark)
{
    return dark ? QColor(0x4c, 0xc3, 0x7a) : QColor(0x1f, 0x8f, 0x4e);
}

QColor UiTheme::bad(bool dark)
{
    return dark ? QColor(0xf0, 0x5a, 0x5a) : QColor(0xc8, 0x23, 0x2c);
}

QColor UiTheme::warn(bool dark)
{
    return dark ? QColor(0xf2, 0xb4, 0x3c) : QColor(0xb9, 0x7a, 0x00);
}

QColor UiTheme::info(bool dark)
{
    return dark ? QColor(0x6c, 0xa8, 0xf0) : QColor(0x2f, 0x6f, 0xd0);
}

QColor UiTheme::paused(bool dark)
{
    return dark ? QColor(0xb3, 0x94, 0xe6) : QColor(0x7b, 0x5e, 0xa7);
}

QColor UiTheme::muted(bool dark)
{
    return dark ? QColor(0x9a, 0xa1, 0xab) : QColor(0x6b, 0x72, 0x7c);
}

QColor UiTheme::surface(bool dark)
{
    return dark ? QColor(0x25, 0x29, 0x30) : QColor(Qt::white);
}

QColor UiTheme::track(bool dark)
{
    return dark ? QColor(0x36, 0x3b, 0x44) : QColor(0xe6, 0xe8, 0xec);
}

QColor UiTheme::nodeState(NodeSnapshot::State state, bool dark)
{
    switch (state) {
    case NodeSnapshot::State::Up:
        return good(dark);
    case NodeSnapshot::State::Down:
        return bad(dark);
    case NodeSnapshot::State::Paused:
        return paused(dark);
    case NodeSnapshot::State::Starting:
        return info(dark);
    }
    return muted(dark);
}

QColor UiTheme::clientState(ClientSnapshot::State state, bool dark)
{
    switch (state) {
    case ClientSnapshot::State::Holding:
        return good(dark);
    case ClientSnapshot::State::Acquiring:
    case ClientSnapshot::State::Releasing:
        return info(dark);
    case ClientSnapshot::State::WaitingRetry:
        return warn(dark);
    case ClientSnapshot::State::Paused:
        return paused(dark);
    case ClientSnapshot::State::Crashed:
        return bad(dark);
    case ClientSnapshot::State::Idle:
    case ClientSnapshot::State::Stopped:
        return muted(dark);
    }
    return muted(dark);
}

QColor UiTheme::outcome(NodeOutcome::Kind kind, bool dark)
{
    switch (kind) {
    case NodeOutcome::Kind::Ok:
        return good(dark);
    case NodeOutcome::Kind::Taken:
        return warn(dark);
    case NodeOutcome::Kind::Error:
    case NodeOutcome::Kind::Timeout:
    case NodeOutcome::Kind::Down:
        return bad(dark);
    case NodeOutcome::Kind::Pending:
        return muted(dark);
    }
    return muted(dark);
}

QColor UiTheme::network(bool dark)
{
    // A saturated crimson: "cannot be reached" like down's red, yet its own colour, and
    // stronger than the pale pinks among the owner colours.
    return dark ? QColor(0xff, 0x5c, 0x9a) : QColor(0xc2, 0x18, 0x5b);
}

QColor UiTheme::clock(bool dark)
{
    return dark ? QColor(0x3b, 0xc9, 0xc0) : QColor(0x0b, 0x7a, 0x75);
}

QColor UiTheme::fault(Fault::Kind kind, bool dark)
{
    using K = Fault::Kind;
    switch (kind) {
    case K::Killed:
    case K::ShutDown:
    case K::Crashed:
        return bad(dark);
    case K::Paused:
        return paused(dark);
    case K::RestartPending:
        return info(dark);
    case K::Partition:
        return network(dark);
    case K::Latency:
    case K::Drop:
        return warn(dark);
    case K::ClockJump:
        return clock(dark);
    case K::Restarted:
        return info(dark);
    }
    return muted(dark);
}

QPainterPath UiTheme::paintCard(QPainter& painter, const QRect& rect, bool dark)
{
    painter.setRenderHint(QPainter::Antialiasing);
    QPainterPath path;
    path.addRoundedRect(QRectF(rect).adjusted(1.5, 1.5, -1.5, -1.5), 10, 10);
    painter.fillPath(path, surface(dark));
    return path;
}
