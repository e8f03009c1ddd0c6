// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/searchoptions.h"

#include <QCommandLineParser>
#include <QObject>
#include <cstdio>
#include <optional>

class CounterexampleSearch;
struct Counterexample;
struct SearchProgress;
struct TrialResult;

// `redlockscope --headless --search ...` (docs/guide.md, "Searching for a counterexample"): its own
// flags, checked as strictly as the rest of the command line, then the search with a line per
// trial, and at the end the shrunk scenario (exit 1) or what was tried (exit 0). Bad input:
// exit 2. main() hands the whole command line over when it holds --search or --bench-search.
class SearchCommand : public QObject
{
    Q_OBJECT

public:
    static bool wanted(int argc, char** argv);
    // Parses QCoreApplication::arguments() and runs; returns the exit code.
    static int run();

    explicit SearchCommand(const SearchOptions& options, QObject* parent = nullptr);
    int exec();

    // The flags both --search and --bench-search read, then --bench-search's own; options()
    // is both: the parser's list, and the one the commands' help shows (Subcommand).
    static QList<QCommandLineOption> searchOptions();
    static QList<QCommandLineOption> benchOptions();
    static QList<QCommandLineOption> options();
    // The flags read into `options` (nothing, with *error).
    static bool readOptions(const QCommandLineParser& parser, SearchOptions* options,
                            QString* error);

private:
    void onTrial(int trial, const TrialResult& result);
    void onFound(const Counterexample& c);
    void onFinished(const SearchProgress& progress);

    SearchOptions m_options;
    CounterexampleSearch* m_search;
    int m_code = 0;
    int m_invalidAtStart = 0; // trials that could not run before any that could
    bool m_anyRan = false;
    bool m_saveFailed = false;  // a counterexample could not be saved whole
    bool m_interrupted = false; // a signal stopped the search (exit 3)
};
