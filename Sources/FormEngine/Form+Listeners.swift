// Form+Listeners: listeners registered on a live form, and how a transaction reaches observed elements and
// listeners: the observed elements it touched first, then every listener (non-empty change sets only), in
// order, with the actions their callbacks start meanwhile applied afterwards (their transactions are
// delivered in turn). Observers and listeners are called with no access to the form's core held, so their
// callbacks may read the form.

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

    /// Delivers the transaction that produced `first` to the observed elements it touched and its change set
    /// to the listeners (an empty change set to none), then applies the actions their callbacks queued
    /// meanwhile, delivering each in turn.
    func deliver(_ first: FormChangeSet) {
        isNotifying = true
        defer { isNotifying = false }
        publishToObservers()
        var queue = first.isEmpty || listeners.isEmpty ? [] : [first]
        var appliedQueued = 0
        while !queue.isEmpty || !pending.isEmpty {
            if !queue.isEmpty {
                let changes = queue.removeFirst()
                for listener in listeners { listener.body(changes) }
            }
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
                    let changes = try insideCore { () throws(FormError) in try core.apply(action) }
                    publishToObservers()
                    if !changes.isEmpty, !listeners.isEmpty { queue.append(changes) }
                } catch {
                    deferredFailures.append(error)
                }
            }
        }
    }

    /// Tells the observed elements what the last transaction changed of them. Called while
    /// ``isNotifying``: an action an observation callback starts is queued like a listener's.
    private func publishToObservers() {
        let updates = core.observerUpdates()
        for update in updates {
            if let state = update.state { update.observer.update(state) } else { update.observer.markRemoved() }
        }
    }
}

/// Identifies a listener registered with ``Form/addListener(_:)``.
public struct ListenerToken: Hashable, Sendable {
    let id: Int
}
