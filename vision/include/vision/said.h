// What the camera says to people (the tracker's questions, warnings and refusals, calibration),
// kept as a sentence of vision/messages.txt with its values and worded when shown: in English,
// Romanian or Dutch, like the engine's explanations (adjudicator/render.h).
#pragma once

#include "adjudicator/knowledge.h"

#include <string>
#include <vector>

namespace vision {

struct Said {
    std::string key;  // of vision/messages.txt; empty: `text` as it stands
    std::string text; // a cell, a tile id, a turn's notation, a number, or an English detail
    int count = -1;   // >= 0: the key's .one or .many form (Romanian's .de) for it, as {n}
    std::vector<std::string> names; // {name} placeholders of the sentence...
    std::vector<Said> values;       // ...and what fills each, worded in the same language

    Said() = default;
    // A sentence of the catalogue; a number makes it a counted one.
    explicit Said(std::string k, int n = -1) : key(std::move(k)), count(n) {}
    // Words that read the same in every language (a cell, a tile id) or come from a part of
    // the pipeline that words its own details in English.
    static Said literal(std::string words);

    Said& with(std::string name, Said value);
    Said& with(std::string name, std::string words);
    Said& with(std::string name, int number);

    bool empty() const { return key.empty() && text.empty(); }
    // The words in `lang` ("" for an empty Said).
    std::string in(adj::kb::Lang lang = adj::kb::Lang::En) const;
};

// "a, b or c", in the language the list is worded in.
Said alternatives(std::vector<Said> items);

// The keys of vision/messages.txt, each with its three languages (checked when first used).
std::vector<std::string> saidKeys();

} // namespace vision
