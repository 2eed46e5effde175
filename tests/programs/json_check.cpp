// json_check FILE...: each file must be one strict JSON object (RFC 8259: no comments, no
// trailing commas, strings of valid UTF-8), as a strict consumer reads it. Prints nothing when
// all are; exits 1 on the first that is not, naming it and where nlohmann's parser stopped.

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: json_check FILE...\n");
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "json_check: cannot read %s\n", argv[i]);
      return 1;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
      // scalerun's documents (--format json, results.json, --trace) are all objects.
      if (!nlohmann::json::parse(text).is_object()) {
        std::fprintf(stderr, "json_check: %s is JSON but not an object\n", argv[i]);
        return 1;
      }
    } catch (const nlohmann::json::exception& e) {
      std::fprintf(stderr, "json_check: %s is not strict JSON: %s\n", argv[i], e.what());
      return 1;
    }
  }
  return 0;
}
