#include "data_folder.h"

#include <cstdlib>

namespace carc {

std::string dataFolder() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = xdg && *xdg ? xdg : std::string(home ? home : ".") + "/.local/share";
    return base + "/carcassonne-scorer";
}

} // namespace carc
