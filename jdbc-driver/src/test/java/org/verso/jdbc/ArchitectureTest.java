package org.verso.jdbc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The driver is a thin client of engine-sql, as the network server will be: it sees only engine-sql's API package
 * and the shared vocabulary of engine-common, never the engine's modules behind them.
 */
class ArchitectureTest {
    private final JavaClasses driver = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.jdbc");

    @Test
    void theDriverUsesOnlyTheEngineApiAndTheCommonVocabulary() {
        classes().should().onlyDependOnClassesThat()
            .resideInAnyPackage("org.verso.jdbc..", "org.verso.sql.api..", "org.verso.common..", "java..",
                "javax..", "org.jline..", "")
            .check(driver);
    }
}
