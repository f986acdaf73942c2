package org.bignat.bench;

/** A command-line option the bench cannot accept; its message says which and why. */
final class BadOptionException extends Exception {
    private static final long serialVersionUID = 1L;

    BadOptionException(String message) {
        super(message);
    }
}
