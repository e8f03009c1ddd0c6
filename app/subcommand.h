// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

// The command line's commands (`redlockscope run FILE`, `play`, `export`, `bench ui`, ...),
// each a spelling of the flags the app has always taken (`run FILE` is `--headless --scenario
// FILE`), with the options that go with it and a help of its own. A command line that starts
// with a command is turned into its flag form before anything else reads it, so both spellings
// run the same code; one that starts with a flag is left as it is. The options' names and
// descriptions are the parsers' own lists (main.cpp's, SearchCommand's): no second list.
class Subcommand
{
public:
    enum class Action
    {
        Run,   // run `arguments`: the flag form
        Help,  // print `text` on stdout, exit 0
        Error, // print `text` on stderr, exit 2
    };

    struct Result
    {
        Action action = Action::Run;
        QStringList arguments; // the flag form, without the program's name
        QString text;
    };

    // `arguments` without the program's name; `options` main's flags, `searchOptions` the
    // search's (SearchCommand::options()).
    static Result translate(const QStringList& arguments, const QList<QCommandLineOption>& options,
                            const QList<QCommandLineOption>& searchOptions);
    // The command form of a flag-form line (`--headless --scenario X --seed 7` is `run X --seed
    // 7`), empty when it has none (the window's own flags, or an option the command does not
    // take). Values are as given: the caller masks secrets.
    static QString commandForm(const QStringList& arguments,
                               const QList<QCommandLineOption>& options,
                               const QList<QCommandLineOption>& searchOptions);
    // `redlockscope --help`: the commands and a few options, on one screen (80 x 24).
    static QString overview();
    // Every command's name ("run", "bench ui", ...), for completion and tests.
    static QStringList names();
};
