// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/engineconfig.h"
#include "model/verdict.h"
#include "slides/slide.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSize>
#include <memory>
#include <optional>

class DeckWriter;
class MainWindow;
class SlideRecorder;
struct ScenarioResult;

// `redlockscope --slides builtin:NAME --to deck.pdf|deck.html` (docs/guide.md, "Slides"): plays the
// scenario on the window's stage (offscreen unless a platform is named) at --size, writes a
// title page, a page at each caption and `snapshot` line as it comes, and the verdict's page
// once the scenario has ended; the file appears then. Exit codes as a scenario's: 0 written
// and passed, 1 written but the scenario did not go as expected, 2 it could not run or the
// deck could not be written, 3 a signal came first (nothing written).
class SlidesCommand : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        EngineConfig config;
        QString source;     // builtin:NAME or a .rls file
        QString scriptText; // its text, read and checked
        std::optional<quint64> seed;
        QString to;             // .pdf or .html
        QSize size{1280, 720};  // the stage's, and the pages' (16:9 by default)
        QString theme;          // "dark", "light", or "" (as last time in the window)
        double zoomPct = 0;     // 0: as last time
        QString language;       // "" (as chosen in the window), a code, or "system"
        bool allowExec = false; // --allow-exec, --allow-destructive (nobody is asked here)
        bool allowDestructive = false;
    };

    explicit SlidesCommand(const Options& options, QObject* parent = nullptr);
    ~SlidesCommand() override;
    // Plays and writes; the exit code.
    int exec();

    // The deck's title: the scenario's first comment line, else its name.
    static QString deckTitle(const QString& source, const QString& text);
    // The counts the last page shows, in the window's words (zero ones a class asks about
    // too: "0 stale writes accepted" is the point of a fenced story).
    static QList<QPair<QString, qint64>> summaryCounts(const CheckCounters& counters);
    static QString verdictWords(Verdict::Level level);

private:
    void setUpWindow();
    SlideDeck deck() const;
    void onSlide(const Slide& slide, int count);
    void onFinished(const ScenarioResult& result);
    void onStepFailed(int line, const QString& message);
    void onInterrupted();

    Options m_options;
    std::unique_ptr<MainWindow> m_window;
    SlideRecorder* m_recorder = nullptr;
    std::unique_ptr<DeckWriter> m_deck;
    qint64 m_writingMs = 0; // spent drawing and writing pages
    QElapsedTimer m_clock;
    bool m_done = false;
};
