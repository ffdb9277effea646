#include "adjudicator/json.h"

#include <cmath>
#include <cstdlib>

namespace adj::json {

const Value* Value::get(std::string_view key) const {
    if (type != Type::Object) return nullptr;
    for (const auto& [k, v] : object)
        if (k == key) return &v;
    return nullptr;
}

std::string Value::str(std::string_view key, const std::string& fallback) const {
    const Value* v = get(key);
    return v && v->type == Type::String ? v->string : fallback;
}

double Value::num(std::string_view key, double fallback) const {
    const Value* v = get(key);
    return v && v->type == Type::Number ? v->number : fallback;
}

std::optional<int> Value::integer(int lo, int hi) const {
    if (type != Type::Number || !(number >= lo && number <= hi) || number != std::floor(number))
        return std::nullopt;
    return int(number);
}

bool Value::flag(std::string_view key, bool fallback) const {
    const Value* v = get(key);
    return v && v->type == Type::Bool ? v->boolean : fallback;
}

namespace {

constexpr int kMaxDepth = 64;

class Parser {
public:
    explicit Parser(std::string_view t) : text_(t) {}

    ParseResult run() {
        ParseResult r;
        Value v;
        skipSpace();
        if (!value(v, 0)) {
            r.error = error_;
            return r;
        }
        skipSpace();
        if (pos_ != text_.size()) {
            fail("unexpected text after the JSON value");
            r.error = error_;
            return r;
        }
        r.value = std::move(v);
        return r;
    }

private:
    bool fail(const std::string& what) {
        if (error_.empty()) {
            int line = 1, col = 1;
            for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
                if (text_[i] == '\n')
                    ++line, col = 1;
                else
                    ++col;
            }
            error_ =
                "line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + what;
        }
        return false;
    }
    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\r' || text_[pos_] == '\t'))
            ++pos_;
    }
    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word)
            return fail("expected '" + std::string(word) + "'");
        pos_ += word.size();
        return true;
    }
    bool value(Value& v, int depth) {
        if (depth > kMaxDepth)
            return fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
        if (pos_ >= text_.size()) return fail("the text ends where a value was expected");
        const char c = text_[pos_];
        if (c == '{') return object(v, depth);
        if (c == '[') return array(v, depth);
        if (c == '"') {
            v.type = Value::Type::String;
            return string(v.string);
        }
        if (c == 't') return v.type = Value::Type::Bool, v.boolean = true, literal("true");
        if (c == 'f') return v.type = Value::Type::Bool, v.boolean = false, literal("false");
        if (c == 'n') return v.type = Value::Type::Null, literal("null");
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        return fail(std::string("unexpected character '") + c + "'");
    }
    bool number(Value& v) {
        const size_t start = pos_;
        if (text_[pos_] == '-') ++pos_;
        while (pos_ < text_.size() &&
               std::string_view("0123456789.eE+-").find(text_[pos_]) != std::string_view::npos)
            ++pos_;
        const std::string s(text_.substr(start, pos_ - start));
        char* end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        if (end != s.c_str() + s.size() || !std::isfinite(d)) {
            pos_ = start;
            return fail("'" + s + "' is not a number");
        }
        v.type = Value::Type::Number;
        v.number = d;
        return true;
    }
    static void appendUtf8(std::string& out, unsigned cp) {
        if (cp < 0x80)
            out += char(cp);
        else if (cp < 0x800)
            out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 0x3F));
        else if (cp < 0x10000)
            out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3F)),
                out += char(0x80 | (cp & 0x3F));
        else
            out += char(0xF0 | (cp >> 18)), out += char(0x80 | ((cp >> 12) & 0x3F)),
                out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
    }
    bool hex4(unsigned& cp) {
        if (pos_ + 4 > text_.size()) return fail("a \\u escape needs four hex digits");
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = text_[pos_++];
            cp <<= 4;
            if (h >= '0' && h <= '9')
                cp |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f')
                cp |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                cp |= unsigned(h - 'A' + 10);
            else
                return fail("a \\u escape needs four hex digits");
        }
        return true;
    }
    bool string(std::string& out) {
        ++pos_; // opening quote
        for (;;) {
            if (pos_ >= text_.size()) return fail("a string is not closed");
            const char c = text_[pos_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20)
                return fail("a control character inside a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) return fail("a string is not closed");
            const char e = text_[pos_++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                unsigned cp = 0;
                if (!hex4(cp)) return false;
                if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
                    pos_ += 2;
                    unsigned low = 0;
                    if (!hex4(low)) return false;
                    if (low >= 0xDC00 && low < 0xE000)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                appendUtf8(out, cp);
                break;
            }
            default: return fail(std::string("unknown escape '\\") + e + "'");
            }
        }
    }
    bool array(Value& v, int depth) {
        v.type = Value::Type::Array;
        ++pos_;
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == ']') return ++pos_, true;
        for (;;) {
            Value item;
            skipSpace();
            if (!value(item, depth + 1)) return false;
            v.array.push_back(std::move(item));
            skipSpace();
            if (pos_ >= text_.size()) return fail("an array is not closed");
            if (text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (text_[pos_] == ']') return ++pos_, true;
            return fail("expected ',' or ']' in an array");
        }
    }
    bool object(Value& v, int depth) {
        v.type = Value::Type::Object;
        ++pos_;
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == '}') return ++pos_, true;
        for (;;) {
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != '"')
                return fail("expected a member name in quotes");
            std::string key;
            if (!string(key)) return false;
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != ':')
                return fail("expected ':' after a member name");
            ++pos_;
            skipSpace();
            Value item;
            if (!value(item, depth + 1)) return false;
            v.object.push_back(Member{std::move(key), std::move(item)});
            skipSpace();
            if (pos_ >= text_.size()) return fail("an object is not closed");
            if (text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (text_[pos_] == '}') return ++pos_, true;
            return fail("expected ',' or '}' in an object");
        }
    }

    std::string_view text_;
    size_t pos_ = 0;
    std::string error_;
};

} // namespace

ParseResult parse(std::string_view text) {
    return Parser(text).run();
}

} // namespace adj::json
