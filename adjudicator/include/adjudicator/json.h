// A small JSON reader for the formats the engine imports (JCloisterZone replays, exported
// games). Bad input yields an error naming line and column, never a crash: nesting depth and
// sizes are bounded, and the parser is fuzzed.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adj::json {

struct Member; // an object's (key, value); defined after Value, which it contains

struct Value {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<Value> array;
    std::vector<Member> object; // in file order

    bool isNull() const { return type == Type::Null; }
    bool isObject() const { return type == Type::Object; }
    bool isArray() const { return type == Type::Array; }
    bool isString() const { return type == Type::String; }
    bool isNumber() const { return type == Type::Number; }
    // Member of an object, or nullptr.
    const Value* get(std::string_view key) const;
    // Convenience: member as string/number/bool with a fallback.
    std::string str(std::string_view key, const std::string& fallback = "") const;
    double num(std::string_view key, double fallback = 0) const;
    bool flag(std::string_view key, bool fallback = false) const;
    // A whole number within [lo, hi], or nullopt (not a number, a fraction, out of range):
    // numbers read from files are never cast blindly.
    std::optional<int> integer(int lo, int hi) const;
};

struct Member {
    std::string key;
    Value value;
};

struct ParseResult {
    std::optional<Value> value;
    std::string error; // "line L, column C: what"
};

ParseResult parse(std::string_view text);

} // namespace adj::json
