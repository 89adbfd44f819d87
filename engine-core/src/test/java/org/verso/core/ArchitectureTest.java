package org.verso.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** engine-core never parses SQL: it depends on neither Calcite nor the SQL and JDBC layers. */
class ArchitectureTest {
    private final JavaClasses core = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.core");

    @Test
    void coreImportsNeitherCalciteNorUpperLayers() {
        noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("org.apache.calcite..", "org.verso.sql..", "org.verso.jdbc..")
            .check(core);
    }
}
