import ArgumentParser
import FileIO
import Foundation
import ListModel

struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the spec format as a JSON Schema (draft 2020-12), for editors.",
    discussion: """
      Made from the tables the decoder reads its keys from: every key with its help, words as \
      enums, ranges as minimum and maximum. Save it and name it in a spec's first line for \
      completion and checks as you type (the YAML language server reads it):

        listrender schema > listrender.schema.json
        # yaml-language-server: $schema=listrender.schema.json
      """)

  func run() throws {
    Terminal.out(SpecSchema.jsonSchema())
  }
}
