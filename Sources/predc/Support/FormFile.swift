// FormFile: reading a form definition file (`--form`, `predc form ...`) as text and typed JSON,
// with positioned errors (`form.json:3:7: error: ...`) for malformed JSON.

import PredicateLang

/// A form definition file.
struct FormFile {
    /// The path as given (`<stdin>` for `-`).
    var name: String
    /// The file's text.
    var text: String
    /// The file parsed as typed JSON.
    var value: Value

    /// Reads and parses `path` (`-` is standard input).
    static func load(_ path: String, in context: Context) throws(CommandFailure) -> FormFile {
        let source: InputSource
        do throws(InputError) {
            source = try context.open(path)
        } catch {
            throw .noInput(error.message)
        }
        let text: String
        do throws(InputError) {
            text = try source.readText()
        } catch {
            throw error.isContentProblem ? .dataError(error.message) : .noInput(error.message)
        }
        do throws(JSONError) {
            return FormFile(name: source.name, text: text, value: try TypedJSON.parse(text))
        } catch {
            throw .dataErrorAt(error.message, location: "\(source.name):\(error.line):\(error.column)")
        }
    }
}
