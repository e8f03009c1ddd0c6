// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchprogress.h"

#include <algorithm>

int SearchProgress::permille() const
{
    double used = 0;
    if (trialBudget > 0)
        used = double(trials) / trialBudget;
    else if (budgetS > 0)
        used = elapsedS / budgetS;
    return int(std::clamp(used, 0.0, 1.0) * 1000);
}
