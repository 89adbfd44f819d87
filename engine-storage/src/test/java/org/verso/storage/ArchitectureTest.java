package org.verso.storage;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** engine-storage sits at the bottom: it knows nothing of transactions policy, SQL or JDBC. */
class ArchitectureTest {
    private final JavaClasses storage = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.storage");

    @Test
    void storageImportsNoUpperLayer() {
        noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("org.verso.core..", "org.verso.sql..", "org.verso.jdbc..", "org.apache.calcite..")
            .check(storage);
    }
}
