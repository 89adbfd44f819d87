package org.verso.flyway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The Flyway plugin talks to Verso through JDBC only: it depends on Flyway and the JDK, never on Verso's classes. */
class ArchitectureTest {
    private final JavaClasses plugin = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.flyway");

    @Test
    void thePluginUsesOnlyFlywayAndJdbc() {
        classes().should().onlyDependOnClassesThat()
            .resideInAnyPackage("org.verso.flyway..", "org.flywaydb..", "java..", "")
            .check(plugin);
    }
}
