package org.verso.flyway;

import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/** Splits migration scripts into statements by Flyway's standard SQL rules: Verso has no procedural blocks. */
final class VersoParser extends Parser {
    VersoParser(Configuration configuration, ParsingContext parsingContext) {
        super(configuration, parsingContext, 3);
    }
}
