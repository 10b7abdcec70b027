package dev.groundskeeper.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Rule} class as a loss guard: a rule whose refusal is what keeps a commit, an
 * uncommitted change or a file from being lost. A host holds such a rule to the trusted
 * configuration (the user's own files and the embedded defaults): a repository's configuration
 * that the user has not trusted may make it stricter, never switch it off, soften it or leave it
 * out. Kept beside {@link RuleInfo} rather than in it, so the metadata record's shape is
 * unchanged.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@API(status = API.Status.EXPERIMENTAL)
public @interface LossGuard {}
