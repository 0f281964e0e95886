// Form+Listeners: listeners registered on a live form, and how change sets reach them: non-empty ones
// only, in order, with the actions listeners start while being notified applied after the notification
// has reached every listener (their change sets are delivered in turn).

extension Form {
    // MARK: Listeners

    /// Registers a listener for every change set that is not empty (an action that changes nothing,
    /// such as setting a row's current value again, notifies no one); returns a token for
    /// ``removeListener(_:)``.
    @discardableResult
    public func addListener(_ listener: @escaping (FormChangeSet) -> Void) -> ListenerToken {
        nextListenerID += 1
        listeners.append((nextListenerID, listener))
        return ListenerToken(id: nextListenerID)
    }

    /// Removes a listener.
    public func removeListener(_ token: ListenerToken) {
        listeners.removeAll { $0.id == token.id }
    }

    /// Delivers a change set, and those of the actions listeners queue meanwhile, to every listener;
    /// empty change sets are not delivered.
    func notify(_ first: FormChangeSet) {
        guard !listeners.isEmpty, !first.isEmpty else { return }
        isNotifying = true
        defer { isNotifying = false }
        var queue = [first]
        var appliedQueued = 0
        while !queue.isEmpty {
            let changes = queue.removeFirst()
            for listener in listeners { listener.body(changes) }
            let actions = pending
            pending.removeAll()
            for action in actions {
                appliedQueued += 1
                guard appliedQueued <= core.state.limits.maxQueuedActions else {
                    deferredFailures.append(
                        FormError(
                            .formTooLarge, "more than \(core.state.limits.maxQueuedActions) actions queued by listeners"
                        ))
                    continue
                }
                do {
                    let changes = try core.apply(action)
                    if !changes.isEmpty { queue.append(changes) }
                } catch {
                    deferredFailures.append(error)
                }
            }
        }
    }
}

/// Identifies a listener registered with ``Form/addListener(_:)``.
public struct ListenerToken: Hashable, Sendable {
    let id: Int
}
