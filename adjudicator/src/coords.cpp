#include "adjudicator/coords.h"
