// FormFile: reading a form definition file (`--form`, `predc form ...`) as text; an unreadable file
// is reported with exit status 66.

import PredicateLang

/// A form definition file.
struct FormFile {
    /// The path as given (`<stdin>` for `-`).
    var name: String
    /// The file's text.
    var text: String

    /// Reads `path` (`-` is standard input).
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
        return FormFile(name: source.name, text: text)
    }
}
